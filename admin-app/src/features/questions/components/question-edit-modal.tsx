import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal } from '@mantine/core';
import { questionsApi, type Question } from '@prometrica/shared-api';
import { messageOf, notifyError, notifySuccess } from '../../../lib/notify';
import { useCategoryNames } from '../hooks/use-category-names';
import { useQuestionForm } from '../hooks/use-question-form';
import { formFromQuestion, toQuestionBody } from '../utils/question-form';
import { QuestionFormFields } from './question-form-fields';

export interface QuestionEditModalProps {
  /** The question being edited; null closes the modal. */
  question: Question | null;
  onClose: () => void;
  /** Called after the server accepted the change. */
  onSaved: () => void;
}

/** `Edit Question`: the type is inferred from the stored question; same rules as adding. */
export function QuestionEditModal({ question, onClose, onSaved }: QuestionEditModalProps) {
  const [saving, setSaving] = useState(false);
  return (
    <Modal opened={question !== null} onClose={saving ? () => undefined : onClose} title="Edit Question" size="lg" closeOnClickOutside={!saving}>
      {question && <EditQuestionForm key={question._id} question={question} saving={saving} setSaving={setSaving} onCancel={onClose} onSaved={onSaved} />}
    </Modal>
  );
}

interface EditQuestionFormProps {
  question: Question;
  saving: boolean;
  setSaving: (saving: boolean) => void;
  onCancel: () => void;
  onSaved: () => void;
}

function EditQuestionForm({ question, saving, setSaving, onCancel, onSaved }: EditQuestionFormProps) {
  const form = useQuestionForm(formFromQuestion(question), { requireCategory: false });
  const categories = useCategoryNames();
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    if (!form.validate()) return;
    setSaving(true);
    try {
      const category = form.values.category.trim();
      const res = await questionsApi.updateQuestion(question._id, { ...toQuestionBody(form.values), ...(category ? { category } : {}) });
      setSaving(false);
      notifySuccess(res.message, 'Question updated');
      onSaved();
    } catch (error) {
      setSaving(false);
      setFailure(messageOf(error));
      notifyError(error, 'The question was not updated');
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Edit question">
      {failure && (
        <Alert color="red" title="Not saved" mb="md" role="alert">
          {failure}
        </Alert>
      )}
      <QuestionFormFields
        form={form}
        categories={categories.names}
        categoriesLoading={categories.loading}
        categoryRequired={false}
        disabled={saving}
      />
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? 'Updating...' : 'Update Question'}
        </Button>
      </Group>
    </form>
  );
}
