import { Textarea } from '@mantine/core';
import { CommentText, printHidden, printOnly } from '@prometrica/shared-api/report';
import classes from './report.module.css';

/** From this share of the longest comment on, the box counts the characters. */
const NEAR_LIMIT = 0.9;

export interface CommentEditorProps {
  label: string;
  value: string;
  onChange: (text: string) => void;
  /** Leaving the field saves at once, without waiting for the pause. */
  onBlur: () => void;
  /** Longest comment the server keeps. */
  maxLength?: number;
  /** The printed comment's name and caption, as the participant's copy has them. */
  printed: { label: string; caption?: string };
}

/** A comment's box on screen; on paper only its text, as the participant's copy shows it (nothing when empty). */
export function CommentEditor({ label, value, onChange, onBlur, maxLength, printed }: CommentEditorProps) {
  return (
    <>
      <div {...printHidden}>
        <Textarea
          className={classes.editor}
          label={label}
          placeholder="Write a comment for the participant…"
          autosize
          minRows={2}
          maxRows={14}
          maxLength={maxLength}
          description={
            maxLength !== undefined && value.length >= maxLength * NEAR_LIMIT
              ? `${value.length} of ${maxLength} characters`
              : undefined
          }
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          onBlur={onBlur}
        />
      </div>
      <div {...printOnly}>
        <CommentText text={value} label={printed.label} caption={printed.caption} />
      </div>
    </>
  );
}
