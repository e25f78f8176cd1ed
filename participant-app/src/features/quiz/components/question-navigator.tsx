import { memo } from 'react';
import { Text } from '@mantine/core';
import classes from './question-navigator.module.css';

export interface QuestionNavigatorProps {
  /** For each question in order, whether it has an answer. */
  answered: readonly boolean[];
  /** Zero-based position of the question on screen. */
  current: number;
  /** Shows the question at that position. */
  onGo: (index: number) => void;
}

/**
 * Every question by its number: an answered one, and the first one still to answer, can be opened
 * at once; the ones after it wait their turn. Rendered from memory only, so answering stays instant.
 */
export const QuestionNavigator = memo(function QuestionNavigator({ answered, current, onGo }: QuestionNavigatorProps) {
  const firstOpen = answered.indexOf(false);
  return (
    <nav aria-label="Questions">
      <Text size="sm" c="dimmed" mb={6}>
        Go to a question: answered ones are shaded.
      </Text>
      <ol className={classes.list}>
        {answered.map((done, i) => {
          const here = i === current;
          return (
            <li key={i}>
              <button
                type="button"
                className={classes.item}
                data-answered={done || undefined}
                aria-current={here ? 'step' : undefined}
                aria-label={`Question ${i + 1}, ${done ? 'answered' : 'not answered'}`}
                disabled={!done && !here && i !== firstOpen}
                onClick={() => onGo(i)}
              >
                {i + 1}
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
});
