import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Button, Group, Paper, Stack } from '@mantine/core';
import { questionsApi } from '@prometrica/shared-api';
import { LoadError, PageHeader } from '../../../components';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { dashboardPath } from '../../../lib/dashboard-paths';
import { useCategoryNames } from '../hooks/use-category-names';
import { useQuestionForm } from '../hooks/use-question-form';
import { emptyQuestionForm, toQuestionBody } from '../utils/question-form';
import { QuestionFormFields } from './question-form-fields';

/** `/dashboard/add-question`: one new question. */
export function AddQuestionScreen() {
  const form = useQuestionForm(emptyQuestionForm(), { requireCategory: true });
  const categories = useCategoryNames();
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.validate()) return;
    setSaving(true);
    try {
      const res = await questionsApi.addQuestion({ ...toQuestionBody(form.values), category: form.values.category.trim() });
      notifySuccess(res.message, 'Question added');
      // Ready for the next question of the same type and category.
      form.reset(emptyQuestionForm(form.values.questionType, form.values.category));
    } catch (error) {
      notifyError(error, 'The question was not saved');
    } finally {
      setSaving(false);
    }
  }

  return (
    <Stack gap="lg" maw={760}>
      <PageHeader
        title="Add Question"
        description="Choose a type and a category, then write the question and its answer."
        actions={
          <Button component={Link} to={dashboardPath('question-list')} variant="default">
            Back to questions
          </Button>
        }
      />
      {categories.error && <LoadError title="Categories could not be loaded" message={categories.error} onRetry={categories.reload} />}
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <form onSubmit={submit} noValidate aria-label="Add question">
          <QuestionFormFields form={form} categories={categories.names} categoriesLoading={categories.loading} categoryRequired disabled={saving} />
          <Group justify="flex-end" mt="lg">
            <Button type="submit" loading={saving}>
              Save Question
            </Button>
          </Group>
        </form>
      </Paper>
    </Stack>
  );
}
