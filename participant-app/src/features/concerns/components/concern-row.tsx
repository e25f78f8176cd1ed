import { useId } from 'react';
import { Text } from '@mantine/core';
import { ratingOptions, type RatedConcern } from '../concerns';
import classes from '../concerns-screen.module.css';

export interface ConcernRowProps {
  /** The concern being rated. */
  concern: RatedConcern;
  /** The chosen column (0 to 2), if any. */
  choice: number | undefined;
  /** Chooses a column; choosing the chosen one again clears it (null). */
  onChoose: (choice: number | null) => void;
}

/** One concern with its three radio-like answers: a table row when wide, a card on a phone. */
export function ConcernRow({ concern, choice, onChoose }: ConcernRowProps) {
  const titleId = useId();
  const descriptionId = useId();
  return (
    <div
      className={classes.row}
      role="group"
      aria-labelledby={titleId}
      aria-describedby={concern.description ? descriptionId : undefined}
    >
      <div className={classes.concern}>
        <Text fw={600} id={titleId}>
          {concern.title}
        </Text>
        {concern.description && (
          <Text size="sm" c="dimmed" id={descriptionId}>
            {concern.description}
          </Text>
        )}
      </div>
      {ratingOptions.map((option, column) => {
        const pressed = choice === column;
        return (
          <div key={option.value} className={classes.cell}>
            <button
              type="button"
              className={classes.option}
              aria-pressed={pressed}
              onClick={() => onChoose(pressed ? null : column)}
            >
              <span className={classes.indicator} aria-hidden="true" />
              <span className={classes.optionText}>{option.value}</span>
            </button>
          </div>
        );
      })}
    </div>
  );
}
