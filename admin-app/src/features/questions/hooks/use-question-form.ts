import type { QuestionKindName } from '@prometrica/shared-api';
import { useFormFields } from '../../../lib/use-form-fields';
import {
  MAX_OPTIONS,
  MIN_OPTIONS,
  hasErrors,
  optionsFor,
  validateQuestionForm,
  type QuestionFormErrors,
  type QuestionFormValues,
} from '../utils/question-form';

type TextField = 'question' | 'category' | 'correctAnswer';

/** State and rules of the question form shared by the add screen and the edit modal. */
export function useQuestionForm(initial: QuestionFormValues, { requireCategory }: { requireCategory: boolean }) {
  const form = useFormFields<QuestionFormValues, QuestionFormErrors>(
    initial,
    (values) => validateQuestionForm(values, { requireCategory }),
    hasErrors,
  );
  const { values, errors, setValues, setErrors } = form;

  /** Editing a field clears its error. */
  const setField = (field: TextField, value: string) => form.set(field, value);

  /** A text box's value, change handler, message and disabled state for one field. */
  const field = (name: TextField, disabled: boolean) => form.field(name, disabled);

  /** A new type starts with a blank answer and the options that type needs. */
  function setType(kind: QuestionKindName) {
    setValues((v) => ({ ...v, questionType: kind, correctAnswer: '', options: optionsFor(kind) }));
    setErrors((e) => ({ question: e.question, category: e.category }));
  }

  /** Retyping the option picked as the correct answer keeps it picked: the answer follows its text. */
  function setOption(index: number, value: string) {
    setValues((v) => {
      const before = (v.options[index] ?? '').trim().toLowerCase();
      const picked = before !== '' && before === v.correctAnswer.trim().toLowerCase();
      return {
        ...v,
        options: v.options.map((o, i) => (i === index ? value : o)),
        correctAnswer: picked ? value : v.correctAnswer,
      };
    });
    setErrors((e) => ({
      ...e,
      options: undefined,
      optionItems: e.optionItems?.map((m, i) => (i === index ? undefined : m)),
    }));
  }

  function addOption() {
    setValues((v) => (v.options.length >= MAX_OPTIONS ? v : { ...v, options: [...v.options, ''] }));
    setErrors((e) => ({
      ...e,
      options: undefined,
      optionItems: e.optionItems ? [...e.optionItems, undefined] : undefined,
    }));
  }

  /** Removing the option that is the correct answer clears the answer too. */
  function removeOption(index: number) {
    setValues((v) => {
      if (v.options.length <= MIN_OPTIONS) return v;
      const removed = (v.options[index] ?? '').trim().toLowerCase();
      const answer = v.correctAnswer.trim().toLowerCase();
      return {
        ...v,
        options: v.options.filter((_, i) => i !== index),
        correctAnswer: removed && removed === answer ? '' : v.correctAnswer,
      };
    });
    setErrors((e) => ({ ...e, options: undefined, optionItems: e.optionItems?.filter((_, i) => i !== index) }));
  }

  function reset(next: QuestionFormValues) {
    setValues(next);
    setErrors({});
  }

  return {
    values,
    errors,
    setField,
    field,
    setType,
    setOption,
    addOption,
    removeOption,
    /** Checks every rule; true when the form may be sent. */
    validate: form.check,
    reset,
  };
}

export type QuestionForm = ReturnType<typeof useQuestionForm>;
