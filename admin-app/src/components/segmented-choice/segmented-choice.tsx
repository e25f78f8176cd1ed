import { useId } from 'react';
import classes from './segmented-choice.module.css';

export interface SegmentedChoiceProps<T extends string> {
  /** The choices, in order. */
  data: readonly { label: string; value: T }[];
  /** The chosen value. */
  value: T;
  /** Called with the value chosen. */
  onChange: (value: T) => void;
  /** Id of the element that names the group. */
  'aria-labelledby'?: string;
}

/**
 * One of a few choices, drawn as Mantine's SegmentedControl draws them at rest, from native radio
 * inputs (arrow keys move the choice). The chosen item is marked by its own background, not by
 * Mantine's floating indicator: the indicator measures the page's layout as the screen first
 * renders, which held the results screen's first paint back on a slow phone.
 */
export function SegmentedChoice<T extends string>({
  data,
  value,
  onChange,
  'aria-labelledby': labelledBy,
}: SegmentedChoiceProps<T>) {
  const name = useId();
  return (
    <div role="radiogroup" aria-labelledby={labelledBy} className={classes.root}>
      {data.map((item) => {
        const id = `${name}-${item.value}`;
        const active = item.value === value;
        return (
          <div key={item.value} className={classes.control} data-active={active || undefined}>
            <input
              className={classes.input}
              type="radio"
              id={id}
              name={name}
              value={item.value}
              checked={active}
              onChange={() => onChange(item.value)}
            />
            <label className={classes.label} htmlFor={id} data-active={active || undefined}>
              {item.label}
            </label>
          </div>
        );
      })}
    </div>
  );
}
