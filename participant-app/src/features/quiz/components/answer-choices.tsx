import { useState, type FormEvent } from 'react';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { limits, questionKind, type ParticipantQuestion } from '@prometrica/shared-api';
import classes from './answer-choices.module.css';

export interface AnswerChoicesProps {
  /** The question being answered. */
  question: ParticipantQuestion;
  /** What the participant answered to it before, highlighted or prefilled. */
  previousAnswer?: string;
  /** Records an answer; the quiz then moves on. */
  onAnswer: (userAnswer: string) => void;
}

const letterOf = (i: number) => String.fromCharCode(65 + i);

interface ChoiceButtonProps {
  label: string;
  letter?: string;
  selected: boolean;
  onChoose: () => void;
}

function ChoiceButton({ label, letter, selected, onChoose }: ChoiceButtonProps) {
  return (
    <button type="button" className={classes.choice} aria-pressed={selected} onClick={onChoose}>
      {letter && (
        <span className={classes.letter} aria-hidden="true">
          {letter}
        </span>
      )}
      <span className={classes.label}>{label}</span>
    </button>
  );
}

/** Multiple choice: a grid of lettered options; a click records the option and moves on. */
function MultipleChoice({ options, previousAnswer, onAnswer }: { options: string[]; previousAnswer?: string; onAnswer: (v: string) => void }) {
  const [chosen, setChosen] = useState<string | undefined>(previousAnswer);
  return (
    <div className={classes.grid} role="group" aria-label="Answer options">
      {options.map((option, i) => (
        <ChoiceButton
          key={`${i}-${option}`}
          letter={letterOf(i)}
          label={option}
          selected={chosen === option}
          onChoose={() => {
            setChosen(option);
            onAnswer(option);
          }}
        />
      ))}
    </div>
  );
}

/** True/false (and any unknown type): records the text `true` or `false`. */
function TrueFalse({ previousAnswer, onAnswer }: { previousAnswer?: string; onAnswer: (v: string) => void }) {
  const [chosen, setChosen] = useState<string | undefined>(previousAnswer?.trim().toLowerCase());
  return (
    <div className={classes.grid} role="group" aria-label="Answer options">
      {(['true', 'false'] as const).map((value) => (
        <ChoiceButton
          key={value}
          label={value === 'true' ? 'True' : 'False'}
          selected={chosen === value}
          onChoose={() => {
            setChosen(value);
            onAnswer(value);
          }}
        />
      ))}
    </div>
  );
}

/** Fill in the blanks: a text answer, sent with the button or Enter once it has text. */
function FillInTheBlank({ previousAnswer, onAnswer }: { previousAnswer?: string; onAnswer: (v: string) => void }) {
  const [text, setText] = useState(previousAnswer ?? '');
  const trimmed = text.trim();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (trimmed) onAnswer(trimmed);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Enter your answer:"
          placeholder="Type your answer here..."
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          maxLength={limits.answerText}
          autoComplete="off"
          size="md"
        />
        <Group justify="flex-end">
          <Button type="submit" disabled={!trimmed} w={{ base: '100%', xs: 'auto' }}>
            Submit Answer
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The answer controls for one question, by its type. Mount it with `key={question._id}` so the
 * chosen option and the typed text start afresh for every question.
 */
export function AnswerChoices({ question, previousAnswer, onAnswer }: AnswerChoicesProps) {
  const kind = questionKind(question.questionType);
  if (kind === 'fill_in_the_blanks') return <FillInTheBlank previousAnswer={previousAnswer} onAnswer={onAnswer} />;
  // A multiple-choice question without options can still be answered as true/false.
  if (kind === 'mcq' && question.options.length > 0) {
    return <MultipleChoice options={question.options} previousAnswer={previousAnswer} onAnswer={onAnswer} />;
  }
  return <TrueFalse previousAnswer={previousAnswer} onAnswer={onAnswer} />;
}
