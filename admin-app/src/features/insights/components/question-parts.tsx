import { Link } from 'react-router-dom';
import { Button } from '@mantine/core';
import type { InsightQuestion, QuestionKind } from '@prometrica/shared-api';
import { EditIcon } from '../../../components';
import { questionEditPath } from '../../../lib/dashboard-paths';

export const questionTypeNames: Record<QuestionKind, string> = {
  mcq: 'Multiple choice',
  truefalse: 'True or false',
  fill_in_the_blanks: 'Fill in the blanks',
};

/** How a row names its question for buttons and screen readers: `question 3`. */
export const questionName = (question: InsightQuestion) => `question ${question.position}`;

/** Opens or closes a question's answer options. */
export function OptionsToggle({
  question,
  open,
  controls,
  onToggle,
}: {
  question: InsightQuestion;
  open: boolean;
  /** The id of what it shows. */
  controls: string;
  onToggle: () => void;
}) {
  return (
    <Button
      size="compact-sm"
      variant="default"
      onClick={onToggle}
      aria-expanded={open}
      aria-controls={controls}
      aria-label={`${open ? 'Hide' : 'Show'} answers of ${questionName(question)}`}
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
