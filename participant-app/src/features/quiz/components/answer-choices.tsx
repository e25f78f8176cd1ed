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

interface Choice {
  /** What is recorded when it is chosen. */
  value: string;
  label: string;
  letter?: string;
}

/** A grid of options; a click records the option and moves on. */
function ChoiceGrid({
  choices,
  initial,
  onAnswer,
}: {
  choices: Choice[];
  initial?: string;
  onAnswer: (v: string) => void;
}) {
  const [chosen, setChosen] = useState<string | undefined>(initial);
  return (
    <div className={classes.grid} role="group" aria-label="Answer options">
      {choices.map((choice, i) => (
        <ChoiceButton
          key={`${i}-${choice.value}`}
          letter={choice.letter}
          label={choice.label}
          selected={chosen === choice.value}
          onChoose={() => {
            setChosen(choice.value);
            onAnswer(choice.value);
          }}
        />
      ))}
    </div>
  );
}

/** True/false (and any unknown type) records the text `true` or `false`. */
const trueFalse: Choice[] = [
  { value: 'true', label: 'True' },
  { value: 'false', label: 'False' },
];

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
    const lettered = question.options.map((option, i) => ({ value: option, label: option, letter: letterOf(i) }));
    return <ChoiceGrid choices={lettered} initial={previousAnswer} onAnswer={onAnswer} />;
  }
  return <ChoiceGrid choices={trueFalse} initial={previousAnswer?.trim().toLowerCase()} onAnswer={onAnswer} />;
}
