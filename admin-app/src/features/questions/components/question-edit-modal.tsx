import { questionsApi, type Question } from '@prometrica/shared-api';
import { FormModal, FormModalActions, SaveFailure } from '../../../components';
import type { EditModalProps, FormModalState } from '../../../components';
import { useSave } from '../../../lib/use-save';
import { useCategoryNames } from '../hooks/use-category-names';
import { useQuestionForm } from '../hooks/use-question-form';
import { formFromQuestion, toQuestionBody } from '../utils/question-form';
import { QuestionFormFields } from './question-form-fields';

/** `Edit Question`: the type is inferred from the stored question; same rules as adding. */
export function QuestionEditModal({ item, onClose, onSaved }: EditModalProps<Question>) {
  return (
    <FormModal item={item} keyOf={(q) => q._id} title="Edit Question" size="lg" onClose={onClose} onSaved={onSaved}>
      {(question, modal) => <EditQuestionForm question={question} modal={modal} />}
    </FormModal>
  );
}

function EditQuestionForm({ question, modal }: { question: Question; modal: FormModalState }) {
  const form = useQuestionForm(formFromQuestion(question), { requireCategory: false });
  const categories = useCategoryNames();
  const { failure, submit } = useSave({ saved: 'Question updated' }, modal.setSaving);
  const category = form.values.category.trim();
  const send = () =>
    questionsApi.updateQuestion(question._id, { ...toQuestionBody(form.values), ...(category ? { category } : {}) });

  return (
    <form onSubmit={submit(form.validate, send, modal.onSaved)} noValidate aria-label="Edit question">
      <SaveFailure failure={failure} mb="md" />
      <QuestionFormFields
        form={form}
        categories={categories.names}
        categoriesLoading={categories.loading}
        categoryRequired={false}
        disabled={modal.saving}
      />
      <FormModalActions modal={modal} label="Update Question" busyLabel="Updating..." mt="lg" />
    </form>
  );
}
