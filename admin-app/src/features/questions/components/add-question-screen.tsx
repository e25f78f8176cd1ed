import { questionsApi } from '@prometrica/shared-api';
import { FormPage, LoadError, SaveFailure, SubmitRow } from '../../../components';
import { dashboardPath } from '../../../lib/dashboard-paths';
import { useSave } from '../../../lib/use-save';
import { useCategoryNames } from '../hooks/use-category-names';
import { useQuestionForm } from '../hooks/use-question-form';
import { emptyQuestionForm, toQuestionBody } from '../utils/question-form';
import { QuestionFormFields } from './question-form-fields';

/** `/dashboard/add-question`: one new question. */
export function AddQuestionScreen() {
  const form = useQuestionForm(emptyQuestionForm(), { requireCategory: true });
  const categories = useCategoryNames();
  const { saving, failure, submit } = useSave({ saved: 'Question added' });
  const { values } = form;
  const send = () => questionsApi.addQuestion({ ...toQuestionBody(values), category: values.category.trim() });
  // Ready for the next question of the same type and category.
  const next = () => form.reset(emptyQuestionForm(values.questionType, values.category));

  return (
    <FormPage
      title="Add Question"
      description="Choose a type and a category, then write the question and its answer."
      back={{ to: dashboardPath('question-list'), label: 'Back to questions' }}
      onSubmit={submit(form.validate, send, next)}
      notice={
        categories.error && (
          <LoadError title="Categories could not be loaded" message={categories.error} onRetry={categories.reload} />
        )
      }
    >
      <QuestionFormFields
        form={form}
        categories={categories.names}
        categoriesLoading={categories.loading}
        categoryRequired
        disabled={saving}
      />
      {/* A refusal is told beside the button that was pressed, once (no notice repeats it). */}
      <SaveFailure failure={failure} mt="lg" />
      <SubmitRow label="Save Question" saving={saving} />
    </FormPage>
  );
}
