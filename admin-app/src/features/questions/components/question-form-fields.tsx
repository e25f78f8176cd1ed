import { useId } from 'react';
import { ActionIcon, Alert, Badge, Group, Input, NativeSelect, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { questionKind, type QuestionKindName } from '@prometrica/shared-api';
import { AddOptionButton, TrashIcon } from '../../../components';
import type { QuestionForm } from '../hooks/use-question-form';
import { MAX_OPTIONS, MIN_OPTIONS, OPTION_LETTERS, questionTypeLabels } from '../utils/question-form';
import { ChoiceField } from './choice-field';
import classes from './question-form.module.css';

export interface QuestionFormFieldsProps {
  form: QuestionForm;
  /** Category names for the picker. */
  categories: string[];
  /** True until the categories have arrived. */
  categoriesLoading: boolean;
  /** Marks the category as required (add) or optional (edit). */
  categoryRequired: boolean;
  /** Disables every control (while saving). */
  disabled?: boolean;
}

const kinds: QuestionKindName[] = ['mcq', 'truefalse', 'fill_in_the_blanks'];

/** Type, category, question text, options and correct answer, with the rules of spec section 5. */
export function QuestionFormFields({
  form,
  categories,
  categoriesLoading,
  categoryRequired,
  disabled = false,
}: QuestionFormFieldsProps) {
  const { values, errors } = form;
  const noCategories = !categoriesLoading && categories.length === 0;
  // Keep a stored category that has since been renamed or removed visible in the picker.
  const categoryChoices =
    values.category && !categories.includes(values.category) ? [values.category, ...categories] : categories;

  return (
    <Stack gap="md">
      <ChoiceField
        label="Question type"
        required
        value={values.questionType}
        data={kinds.map((kind) => ({ value: kind, label: questionTypeLabels[kind] }))}
        onChange={(kind) => form.setType(questionKind(kind))}
        disabled={disabled}
      />

      <div>
        <NativeSelect
          label="Category"
          withAsterisk={categoryRequired}
          {...form.field('category', disabled || noCategories)}
          data={[
            { value: '', label: categoriesLoading ? 'Loading categories...' : 'Select a category' },
            ...categoryChoices,
          ]}
        />
        {noCategories && (
          <Text size="sm" c="dimmed" mt={4}>
            No categories available
          </Text>
        )}
      </div>

      <Textarea
        label="Question"
        withAsterisk
        autosize
        minRows={2}
        {...form.field('question', disabled)}
        description={
          values.questionType === 'fill_in_the_blanks'
            ? 'Use underscores (___) to mark the blank, e.g. "The capital of France is ___."'
            : undefined
        }
      />

      {values.questionType === 'mcq' && (
        <Stack gap="xs" role="group" aria-label="Options">
          <Text fw={500} size="sm">
            Options
          </Text>
          {values.options.map((option, index) => {
            const letter = OPTION_LETTERS[index] ?? String(index + 1);
            return (
              <Group key={index} gap="xs" wrap="nowrap" className={classes.optionRow}>
                <Badge variant="light" size="lg" radius="sm" className={classes.letter} aria-hidden="true">
                  {letter}
                </Badge>
                <TextInput
                  className={classes.optionInput}
                  label={`Option ${letter}`}
                  withAsterisk
                  value={option}
                  onChange={(event) => form.setOption(index, event.currentTarget.value)}
                  error={errors.optionItems?.[index]}
                  disabled={disabled}
                />
                {values.options.length > MIN_OPTIONS && (
                  <ActionIcon
                    className={classes.remove}
                    variant="subtle"
                    color="red"
                    size="lg"
                    aria-label={`Remove option ${letter}`}
                    onClick={() => form.removeOption(index)}
                    disabled={disabled}
                  >
                    <TrashIcon />
                  </ActionIcon>
                )}
              </Group>
            );
          })}
          {errors.options && (
            <Alert color="red" variant="light" p="xs" role="alert">
              {errors.options}
            </Alert>
          )}
          {values.options.length < MAX_OPTIONS && <AddOptionButton onClick={form.addOption} disabled={disabled} />}
        </Stack>
      )}

      {values.questionType === 'mcq' && <CorrectOptionField form={form} disabled={disabled} />}
      {values.questionType === 'truefalse' && (
        <ChoiceField
          label="Correct answer"
          required
          value={values.correctAnswer}
          data={[
            { value: 'true', label: 'True' },
            { value: 'false', label: 'False' },
          ]}
          onChange={(answer) => form.setField('correctAnswer', answer)}
          error={errors.correctAnswer}
          disabled={disabled}
        />
      )}
      {values.questionType === 'fill_in_the_blanks' && (
        <TextInput
          label="Correct answer"
          withAsterisk
          {...form.field('correctAnswer', disabled)}
          description="The word or words that fill the blank"
        />
      )}
    </Stack>
  );
}

/**
 * A multiple-choice question's correct answer, picked from the options as typed (a radio each,
 * lettered as above); an option still blank cannot be picked. Plain radios: Mantine's Radio leaves
 * an unchecked one uncontrolled, which React warns about when it is picked.
 */
function CorrectOptionField({ form, disabled }: { form: QuestionForm; disabled: boolean }) {
  const id = useId();
  const { values, errors } = form;
  const answer = values.correctAnswer.trim().toLowerCase();
  const picked = answer ? values.options.findIndex((o) => o.trim().toLowerCase() === answer) : -1;
  const filled = values.options.some((o) => o.trim());
  const error = errors.correctAnswer;
  return (
    <Input.Wrapper
      label="Correct answer"
      withAsterisk
      labelElement="div"
      labelProps={{ id: `${id}-label` }}
      description={filled ? 'Pick the option that is right' : 'Type the options above, then pick the right one'}
      descriptionProps={{ id: `${id}-description` }}
      error={error}
      errorProps={{ id: `${id}-error` }}
    >
      <div
        role="radiogroup"
        aria-labelledby={`${id}-label`}
        aria-describedby={error ? `${id}-description ${id}-error` : `${id}-description`}
        aria-invalid={error ? true : undefined}
        className={classes.choices}
      >
        {values.options.map((option, index) => {
          const letter = OPTION_LETTERS[index] ?? String(index + 1);
          const text = option.trim();
          return (
            <label key={index} className={classes.choice} data-disabled={disabled || !text || undefined}>
              <input
                type="radio"
                name={`${id}-answer`}
                value={String(index)}
                checked={picked === index}
                disabled={disabled || !text}
                onChange={() => form.setField('correctAnswer', option)}
                className={classes.radio}
              />
              <span>{text ? `${letter}. ${text}` : `${letter}. (not typed yet)`}</span>
            </label>
          );
        })}
      </div>
    </Input.Wrapper>
  );
}
