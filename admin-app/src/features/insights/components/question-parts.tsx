import { Link } from 'react-router-dom';
import { ActionIcon, Button } from '@mantine/core';
import type { InsightQuestion, QuestionKind } from '@prometrica/shared-api';
import { ChevronRightIcon, EditIcon } from '../../../components';
import { questionEditPath } from '../../../lib/dashboard-paths';
import classes from './insights.module.css';

export const questionTypeNames: Record<QuestionKind, string> = {
  mcq: 'Multiple choice',
  truefalse: 'True or false',
  fill_in_the_blanks: 'Fill in the blanks',
};

/** What the question table and its cards take: the questions shown, and which have their answers open. */
export interface QuestionListProps {
  questions: InsightQuestion[];
  isOpen: (question: InsightQuestion) => boolean;
  onToggle: (question: InsightQuestion) => void;
}

/** How a row names its question for buttons and screen readers: `question 3`. */
export const questionName = (question: InsightQuestion) => `question ${question.position}`;

interface ToggleProps {
  question: InsightQuestion;
  open: boolean;
  /** The id of what it shows. */
  controls: string;
  onToggle: () => void;
}

/** What the toggle is called for a screen reader, open or closed. */
const toggleName = (question: InsightQuestion, open: boolean) =>
  `${open ? 'Hide' : 'Show'} answers of ${questionName(question)}`;

/** Opens or closes a question's answers: a chevron beside its place in the table. */
export function OptionsChevron({ question, open, controls, onToggle }: ToggleProps) {
  return (
    <ActionIcon
      variant="subtle"
      size="sm"
      onClick={onToggle}
      aria-expanded={open}
      aria-controls={controls}
      aria-label={toggleName(question, open)}
    >
      <ChevronRightIcon size={16} className={classes.chevron} data-open={open || undefined} />
    </ActionIcon>
  );
}

/** Opens or closes a question's answers: a button at a card's foot. */
export function OptionsToggle({ question, open, controls, onToggle }: ToggleProps) {
  return (
    <Button
      size="compact-sm"
      variant="default"
      onClick={onToggle}
      aria-expanded={open}
      aria-controls={controls}
      aria-label={toggleName(question, open)}
    >
      {open ? 'Hide answers' : 'Show answers'}
    </Button>
  );
}

/** The question list's Edit Question for it, while the question still exists. */
export function EditQuestionLink({ question, size = 'compact-sm' }: { question: InsightQuestion; size?: string }) {
  if (!question.editable) return null;
  return (
    <Button
      size={size}
      variant="light"
      component={Link}
      to={questionEditPath(question.questionId, question.question)}
      leftSection={<EditIcon size={14} />}
      aria-label={`Edit ${questionName(question)}`}
    >
      Edit
    </Button>
  );
}
