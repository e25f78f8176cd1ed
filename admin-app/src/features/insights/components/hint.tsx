import { useId } from 'react';
import { Tooltip } from '@mantine/core';
import classes from './insights.module.css';

/**
 * A heading or label with its definition: shown as a tooltip on hover, on keyboard focus (the label
 * is a button, so Tab reaches it) and on a tap, and read by screen readers as the label's description.
 */
export function Hint({ label, definition }: { label: string; definition: string }) {
  const id = useId();
  return (
    <>
      <Tooltip
        label={definition}
        multiline
        w={280}
        withArrow
        events={{ hover: true, focus: true, touch: true }}
        // Drawn above the page: a table that scrolls sideways would cut a tooltip drawn inside it.
        withinPortal
      >
        <button type="button" className={classes.hint} aria-describedby={id}>
          {label}
        </button>
      </Tooltip>
      <span id={id} hidden>
        {definition}
      </span>
    </>
  );
}
