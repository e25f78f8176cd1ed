import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Question } from '@prometrica/shared-api';
import { mockApi, renderWithProviders } from '@prometrica/shared-api/testing';
import { aCategory, aQuestion, signInAs } from '../../../testing/fixtures';
import { QuestionListScreen } from './question-list-screen';

beforeEach(() => signInAs('admin'));

function listOf(question: Question) {
  return { body: { questions: [question], totalQuestions: 1, totalPages: 1, page: 1 } };
}

async function openEditor(question: Question, routes: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    'GET admin/getquestions': listOf(question),
    'GET category': { body: { categories: [aCategory()] } },
    ...routes,
  });
  renderWithProviders(<QuestionListScreen />);
  await userEvent.click(await screen.findByRole('button', { name: 'Edit question' }));
  return { ...api, dialog: screen.getByRole('dialog', { name: 'Edit Question' }) };
}

const checkedType = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('radiogroup', { name: /^Question type/ }))
    .getAllByRole('radio')
    .find((r) => (r as HTMLInputElement).checked);

test('a question with options opens as multiple choice with its options', async () => {
  const { dialog } = await openEditor(aQuestion());
  expect(checkedType(dialog)).toHaveAccessibleName('Multiple Choice');
  expect(
    within(dialog)
      .getAllByRole('textbox', { name: /^Option/ })
      .map((b) => (b as HTMLInputElement).value),
  ).toEqual(['Red', 'Blue', 'Green', 'Yellow']);
  // The stored answer is picked among the options.
  const answers = within(dialog).getByRole('radiogroup', { name: /^Correct answer/ });
  expect(within(answers).getByRole('radio', { name: 'B. Blue' })).toBeChecked();
});

test('an answer other than true or false with no options opens as fill in the blanks', async () => {
  const { dialog } = await openEditor(
    aQuestion({ options: [], correctAnswer: 'Paris', questionType: 'fill_in_the_blanks' }),
  );
  expect(checkedType(dialog)).toHaveAccessibleName('Fill in the Blanks');
  expect(within(dialog).queryAllByRole('textbox', { name: /^Option/ })).toHaveLength(0);
});

test('a true/false question opens as true/false with its answer chosen', async () => {
  const { dialog } = await openEditor(
    aQuestion({ options: ['true', 'false'], correctAnswer: 'True', questionType: 'truefalse' }),
  );
  expect(checkedType(dialog)).toHaveAccessibleName('True/False');
  expect(within(dialog).getByRole('radio', { name: 'True' })).toBeChecked();
});

test('the same rules apply when editing', async () => {
  const { dialog, calls } = await openEditor(aQuestion());
  await userEvent.clear(within(dialog).getByRole('textbox', { name: /^Question$|^Question \*/ }));
  await userEvent.clear(within(dialog).getByRole('textbox', { name: /^Option C/ }));
  await userEvent.click(within(dialog).getByRole('button', { name: 'Update Question' }));
  expect(within(dialog).getByText('Question is required')).toBeInTheDocument();
  expect(within(dialog).getByText('This option is required')).toBeInTheDocument();
  expect(calls.some((c) => c.method === 'PUT')).toBe(false);
});

test('while saving the button reads Updating... and the form is locked; on success the modal closes and the list reloads', async () => {
  let answer!: () => void;
  const saved = new Promise<void>((resolve) => (answer = resolve));
  const { dialog, calls } = await openEditor(aQuestion(), {
    'PUT admin/updatequestion/q1': async () => {
      await saved;
      return {
        body: { message: 'Question updated successfully', question: aQuestion({ question: 'Which colour is grass?' }) },
      };
    },
  });
  const text = within(dialog).getByRole('textbox', { name: /^Question$|^Question \*/ });
  await userEvent.clear(text);
  await userEvent.type(text, 'Which colour is grass?');
  await userEvent.click(within(dialog).getByRole('radio', { name: 'C. Green' }));
  await userEvent.click(within(dialog).getByRole('button', { name: 'Update Question' }));

  expect(await within(dialog).findByRole('button', { name: 'Updating...' })).toBeDisabled();
  expect(text).toBeDisabled();
  expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
  answer();

  expect(await screen.findByText('Question updated successfully')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Question' })).not.toBeInTheDocument());
  expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
    id: 'q1',
    question: 'Which colour is grass?',
    correctAnswer: 'Green',
    options: ['Red', 'Blue', 'Green', 'Yellow'],
    questionType: 'mcq',
    category: 'General',
  });
  expect(calls.filter((c) => c.method === 'GET' && c.path === 'admin/getquestions')).toHaveLength(2);
});

test("a refused update keeps the modal open and shows the server's message", async () => {
  const { dialog } = await openEditor(aQuestion(), {
    'PUT admin/updatequestion/q1': { status: 409, body: { message: 'A question with this text already exists' } },
  });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Update Question' }));
  expect(await within(dialog).findByText('A question with this text already exists')).toBeInTheDocument();
  expect(screen.getByRole('dialog', { name: 'Edit Question' })).toBeInTheDocument();
  expect(within(dialog).getByRole('button', { name: 'Update Question' })).toBeEnabled();
});
