import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderWithProviders } from '@prometrica/shared-api/testing';
import { aCategory, aQuestion, signInAs } from '../../../testing/fixtures';
import { AddQuestionScreen } from './add-question-screen';

const categories = {
  body: { categories: [aCategory({ name: 'General' }), aCategory({ _id: 'c2', name: 'Leadership' })] },
};

beforeEach(() => signInAs('admin'));

function renderForm(routes: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({ 'GET category': categories, ...routes });
  renderWithProviders(<AddQuestionScreen />);
  return api;
}

const questionBox = () => screen.getByRole('textbox', { name: /^Question/ });
const answerBox = () => screen.getByRole('textbox', { name: /^Correct answer/ });
const answerChoices = () => screen.getByRole('radiogroup', { name: /^Correct answer/ });
/** Picks the correct answer of a multiple-choice question, e.g. `B. Blue`. */
const pick = (name: string) => userEvent.click(within(answerChoices()).getByRole('radio', { name }));
const picked = () =>
  within(answerChoices())
    .getAllByRole('radio')
    .filter((r) => (r as HTMLInputElement).checked)
    .map((r) => r.getAttribute('aria-label') ?? r.closest('label')?.textContent ?? r.id);
const option = (letter: string) => screen.getByRole('textbox', { name: new RegExp(`^Option ${letter}`) });
const save = () => userEvent.click(screen.getByRole('button', { name: 'Save Question' }));

/** Types the given texts into options A, B, C... in turn. */
async function typeOptions(...texts: string[]) {
  for (const [index, text] of texts.entries()) await userEvent.type(option('ABCD'[index]!), text);
}

async function pickCategory(name: string) {
  await waitFor(() => expect(screen.getByRole('option', { name })).toBeInTheDocument());
  await userEvent.selectOptions(screen.getByRole('combobox', { name: /^Category/ }), name);
}

/** Renders the form with adding answered as done; returns a reader of the body the POST sent. */
function renderAdding() {
  const { calls } = renderForm({
    'POST admin/addquestion': { status: 201, body: { message: 'Question added successfully', question: aQuestion() } },
  });
  return () => calls.find((c) => c.method === 'POST')?.body;
}

test('saving an empty multiple-choice form lists every missing field and sends nothing', async () => {
  const { calls } = renderForm();
  await save();
  expect(screen.getByText('Question is required')).toBeInTheDocument();
  expect(screen.getByText('Category is required')).toBeInTheDocument();
  expect(screen.getByText('Correct answer is required')).toBeInTheDocument();
  expect(screen.getAllByText('This option is required')).toHaveLength(4);
  expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
});

test('editing a field clears its error', async () => {
  renderForm();
  await save();
  await userEvent.type(questionBox(), 'Q');
  expect(screen.queryByText('Question is required')).not.toBeInTheDocument();
  await userEvent.type(option('A'), 'x');
  expect(screen.getAllByText('This option is required')).toHaveLength(3);
  expect(screen.getByText('Correct answer is required')).toBeInTheDocument();
});

test('the category picker says when there are no categories', async () => {
  renderForm({ 'GET category': { body: { categories: [] } } });
  expect(await screen.findByText('No categories available')).toBeInTheDocument();
});

test('options must be unique, ignoring case and spaces, and an answer must be picked', async () => {
  renderForm();
  await typeOptions('Red', ' red ', 'Blue', 'Green');
  await save();
  expect(screen.getByText('Options must be unique')).toBeInTheDocument();
  expect(screen.getByText('Correct answer is required')).toBeInTheDocument();
});

test('the correct answer of a multiple-choice question is picked from the options typed, not retyped', async () => {
  const sent = renderAdding();
  // No box to type the answer into: a choice of the options, which cannot be picked while blank.
  expect(screen.queryByRole('textbox', { name: /^Correct answer/ })).not.toBeInTheDocument();
  expect(within(answerChoices()).getAllByRole('radio')).toHaveLength(4);
  within(answerChoices())
    .getAllByRole('radio')
    .forEach((radio) => expect(radio).toBeDisabled());
  await pickCategory('General');
  await userEvent.type(questionBox(), 'Which colour is the sky?');
  await typeOptions('Red', 'Blu', 'Green');
  expect(within(answerChoices()).getByRole('radio', { name: 'B. Blu' })).toBeEnabled();
  expect(within(answerChoices()).getByRole('radio', { name: 'D. (not typed yet)' })).toBeDisabled();
  await pick('B. Blu');
  expect(within(answerChoices()).getByRole('radio', { name: 'B. Blu' })).toBeChecked();
  // Correcting the picked option's text keeps it picked.
  await userEvent.type(option('B'), 'e');
  expect(within(answerChoices()).getByRole('radio', { name: 'B. Blue' })).toBeChecked();
  await userEvent.type(option('D'), 'Yellow');
  await save();
  expect(await screen.findByText('Question added successfully')).toBeInTheDocument();
  expect(sent()).toMatchObject({ correctAnswer: 'Blue', options: ['Red', 'Blue', 'Green', 'Yellow'] });
});

test('multiple choice starts with four options and keeps between two and four', async () => {
  renderForm();
  expect(screen.getAllByRole('textbox', { name: /^Option/ })).toHaveLength(4);
  expect(screen.queryByRole('button', { name: 'Add Option' })).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Remove option D' }));
  await userEvent.click(screen.getByRole('button', { name: 'Remove option C' }));
  expect(screen.getAllByRole('textbox', { name: /^Option/ })).toHaveLength(2);
  expect(screen.queryByRole('button', { name: /^Remove option/ })).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Add Option' }));
  expect(screen.getAllByRole('textbox', { name: /^Option/ })).toHaveLength(3);
});

test('removing the option that is the correct answer clears the answer', async () => {
  renderForm();
  await typeOptions('Red', 'Blue');
  await pick('B. Blue');
  await userEvent.click(screen.getByRole('button', { name: 'Remove option A' }));
  expect(within(answerChoices()).getByRole('radio', { name: 'A. Blue' })).toBeChecked();
  await userEvent.click(screen.getByRole('button', { name: 'Remove option A' }));
  expect(picked()).toEqual([]);
});

test('changing the type resets the answer and the options', async () => {
  renderForm();
  await userEvent.type(option('A'), 'Red');
  await pick('A. Red');
  await userEvent.click(screen.getByRole('radio', { name: 'Fill in the Blanks' }));
  expect(screen.queryAllByRole('textbox', { name: /^Option/ })).toHaveLength(0);
  expect(answerBox()).toHaveValue('');
  expect(screen.getByText(/Use underscores/)).toBeInTheDocument();
  await userEvent.click(screen.getByRole('radio', { name: 'Multiple Choice' }));
  const options = screen.getAllByRole('textbox', { name: /^Option/ });
  expect(options).toHaveLength(4);
  options.forEach((box) => expect(box).toHaveValue(''));
});

test('a multiple-choice question is sent with its category name and the form is cleared', async () => {
  const sent = renderAdding();
  await pickCategory('Leadership');
  await userEvent.type(questionBox(), '  Which colour is the sky?  ');
  await typeOptions('Red', 'Blue ', 'Green', 'Yellow');
  await pick('B. Blue');
  await save();
  expect(await screen.findByText('Question added successfully')).toBeInTheDocument();
  expect(sent()).toEqual({
    question: 'Which colour is the sky?',
    correctAnswer: 'Blue',
    options: ['Red', 'Blue', 'Green', 'Yellow'],
    questionType: 'mcq',
    category: 'Leadership',
  });
  expect(questionBox()).toHaveValue('');
  expect(screen.getByRole('combobox', { name: /^Category/ })).toHaveValue('Leadership');
});

test('a true/false answer is picked from True or False and sent lowercase with both options', async () => {
  const sent = renderAdding();
  await pickCategory('General');
  await userEvent.click(screen.getByRole('radio', { name: 'True/False' }));
  await userEvent.type(questionBox(), 'The sky is green.');
  await save();
  expect(screen.getByText('Correct answer is required')).toBeInTheDocument();
  const answers = screen.getByRole('radiogroup', { name: /^Correct answer/ });
  await userEvent.click(within(answers).getByRole('radio', { name: 'False' }));
  await save();
  await screen.findByText('Question added successfully');
  expect(sent()).toEqual({
    question: 'The sky is green.',
    correctAnswer: 'false',
    options: ['true', 'false'],
    questionType: 'truefalse',
    category: 'General',
  });
});

test('a fill-in-the-blanks question is sent without options', async () => {
  const sent = renderAdding();
  await pickCategory('General');
  await userEvent.click(screen.getByRole('radio', { name: 'Fill in the Blanks' }));
  await userEvent.type(questionBox(), 'The capital of France is ___.');
  await userEvent.type(answerBox(), ' Paris ');
  await save();
  await screen.findByText('Question added successfully');
  expect(sent()).toEqual({
    question: 'The capital of France is ___.',
    correctAnswer: 'Paris',
    options: [],
    questionType: 'fill_in_the_blanks',
    category: 'General',
  });
});

test("a refused question shows the server's message and keeps what was typed", async () => {
  renderForm({ 'POST admin/addquestion': { status: 400, body: { message: 'category "General" does not exist' } } });
  await pickCategory('General');
  await userEvent.click(screen.getByRole('radio', { name: 'Fill in the Blanks' }));
  await userEvent.type(questionBox(), 'The capital of France is ___.');
  await userEvent.type(answerBox(), 'Paris');
  await save();
  expect(await screen.findByText('category "General" does not exist')).toBeInTheDocument();
  expect(questionBox()).toHaveValue('The capital of France is ___.');
  expect(answerBox()).toHaveValue('Paris');
});
