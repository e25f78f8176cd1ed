import type { AddQuestionBody, Question, QuestionKindName } from '@prometrica/shared-api';

/** What the add and edit forms hold. */
export interface QuestionFormValues {
  questionType: QuestionKindName;
  /** Category name (the API takes the name). */
  category: string;
  question: string;
  options: string[];
  correctAnswer: string;
}

export interface QuestionFormErrors {
  question?: string;
  category?: string;
  correctAnswer?: string;
  /** One message per option row. */
  optionItems?: (string | undefined)[];
  /** A message about the options as a whole (`Options must be unique`). */
  options?: string;
}

export const MIN_OPTIONS = 2;
export const MAX_OPTIONS = 4;
export const OPTION_LETTERS = ['A', 'B', 'C', 'D'] as const;

export const questionTypeLabels: Record<QuestionKindName, string> = {
  mcq: 'Multiple Choice',
  truefalse: 'True/False',
  fill_in_the_blanks: 'Fill in the Blanks',
};

/** Options a fresh form of each type starts with: four blank for multiple choice, none otherwise. */
export function optionsFor(kind: QuestionKindName): string[] {
  return kind === 'mcq' ? ['', '', '', ''] : [];
}

export function emptyQuestionForm(kind: QuestionKindName = 'mcq', category = ''): QuestionFormValues {
  return { questionType: kind, category, question: '', options: optionsFor(kind), correctAnswer: '' };
}

const isTrueFalse = (text: string) => ['true', 'false'].includes(text.trim().toLowerCase());

/**
 * The type an existing question opens with in the edit modal (spec section 4): options present is
 * multiple choice, an answer other than true/false is fill in the blanks, otherwise true/false. A
 * stored true/false question carries the options `true` and `false`; it still opens as true/false.
 */
export function inferQuestionKind(
  question: Pick<Question, 'options' | 'correctAnswer' | 'questionType'>,
): QuestionKindName {
  const trueFalsePair = question.options.length === 2 && question.options.every(isTrueFalse);
  const storedAsTrueFalse = trueFalsePair && isTrueFalse(question.correctAnswer) && question.questionType !== 'mcq';
  if (question.options.length > 0 && !storedAsTrueFalse) return 'mcq';
  if (!isTrueFalse(question.correctAnswer)) return 'fill_in_the_blanks';
  return 'truefalse';
}

/** The edit form's starting values for a stored question. */
export function formFromQuestion(question: Question): QuestionFormValues {
  const kind = inferQuestionKind(question);
  return {
    questionType: kind,
    category: question.category?.name ?? '',
    question: question.question,
    options:
      kind === 'mcq' ? (question.options.length > 0 ? question.options.slice(0, MAX_OPTIONS) : optionsFor('mcq')) : [],
    correctAnswer: kind === 'truefalse' ? question.correctAnswer.trim().toLowerCase() : question.correctAnswer,
  };
}

/** Spec section 5: the add and edit question rules. `requireCategory` is true for add only. */
export function validateQuestionForm(
  values: QuestionFormValues,
  { requireCategory }: { requireCategory: boolean },
): QuestionFormErrors {
  const errors: QuestionFormErrors = {};
  if (!values.question.trim()) errors.question = 'Question is required';
  if (requireCategory && !values.category.trim()) errors.category = 'Category is required';
  const answer = values.correctAnswer.trim();
  if (!answer) errors.correctAnswer = 'Correct answer is required';

  if (values.questionType === 'mcq') {
    const trimmed = values.options.map((o) => o.trim());
    if (trimmed.some((o) => !o)) {
      errors.optionItems = trimmed.map((o) => (o ? undefined : 'This option is required'));
    } else {
      const lowered = trimmed.map((o) => o.toLowerCase());
      if (new Set(lowered).size !== lowered.length) errors.options = 'Options must be unique';
    }
    if (answer && !trimmed.some((o) => o && o.toLowerCase() === answer.toLowerCase())) {
      errors.correctAnswer = 'Correct answer must match one of the options';
    }
  }
  return errors;
}

export function hasErrors(errors: QuestionFormErrors): boolean {
  return Boolean(
    errors.question || errors.category || errors.correctAnswer || errors.options || errors.optionItems?.some(Boolean),
  );
}

/** What the API receives for a valid form: trimmed text, and options as each type needs them. */
export function toQuestionBody(values: QuestionFormValues): Omit<AddQuestionBody, 'category'> {
  const question = values.question.trim();
  const answer = values.correctAnswer.trim();
  if (values.questionType === 'mcq') {
    const options = values.options.map((o) => o.trim());
    // Send the answer spelled exactly as its option.
    const correctAnswer = options.find((o) => o.toLowerCase() === answer.toLowerCase()) ?? answer;
    return { question, correctAnswer, options, questionType: 'mcq' };
  }
  if (values.questionType === 'truefalse') {
    return { question, correctAnswer: answer.toLowerCase(), options: ['true', 'false'], questionType: 'truefalse' };
  }
  return { question, correctAnswer: answer, options: [], questionType: 'fill_in_the_blanks' };
}
