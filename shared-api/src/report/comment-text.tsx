import { paragraphsOf } from './report-format';
import classes from './report-document.module.css';

interface CommentTextProps {
  text: string | undefined;
  /** What the comment is about, for screen readers (`Doctor's comment on Knowledge`). */
  label: string;
  /** A visible caption above the text (a category's comment has one; the overall one has its heading). */
  caption?: string;
}

/**
 * The doctor's comment as written: blank lines part paragraphs, single line breaks stay. Nothing
 * at all when the comment is empty, so a report without comments has no empty boxes.
 */
export function CommentText({ text, label, caption }: CommentTextProps) {
  const paragraphs = paragraphsOf(text);
  if (paragraphs.length === 0) return null;
  return (
    <div className={classes.comment} role="note" aria-label={label}>
      {caption && <div className={classes.caption}>{caption}</div>}
      {paragraphs.map((paragraph, i) => (
        <p key={i}>{paragraph}</p>
      ))}
    </div>
  );
}
