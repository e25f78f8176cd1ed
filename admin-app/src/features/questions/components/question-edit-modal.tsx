import type { FormEvent } from 'react';
import { questionsApi, type Question } from '@prometrica/shared-api';
import { FormModal, FormModalActions, SaveFailure } from '../../../components';
import { useSave } from '../../../lib/use-save';
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
  return (
    <FormModal item={question} keyOf={(q) => q._id} title="Edit Question" size="lg" onClose={onClose}>
      {(question, saving, setSaving) => <EditQuestionForm question={question} saving={saving} setSaving={setSaving} onCancel={onClose} onSaved={onSaved} />}
    </FormModal>
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
  const { failure, clearFailure, save } = useSave(setSaving, { saved: 'Question updated', failed: 'The question was not updated' });

  async function submit(event: FormEvent) {
    event.preventDefault();
    clearFailure();
    if (!form.validate()) return;
    const category = form.values.category.trim();
    if (await save(() => questionsApi.updateQuestion(question._id, { ...toQuestionBody(form.values), ...(category ? { category } : {}) }))) onSaved();
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Edit question">
      <SaveFailure failure={failure} mb="md" />
      <QuestionFormFields
        form={form}
        categories={categories.names}
        categoriesLoading={categories.loading}
        categoryRequired={false}
        disabled={saving}
      />
      <FormModalActions label="Update Question" busyLabel="Updating..." saving={saving} onCancel={onCancel} mt="lg" />
    </form>
  );
}
