import { Text, type TextProps } from '@mantine/core';
import { truncate } from './truncate';

export interface TruncatedTextProps extends TextProps {
  /** The full text. */
  text: string;
  /** Characters shown before the ellipsis. */
  max: number;
}

/** Text cut to `max` characters; the full text stays available as a tooltip. */
export function TruncatedText({ text, max, ...props }: TruncatedTextProps) {
  const short = truncate(text, max);
  const cut = short !== text;
  return (
    <Text size="sm" {...props} title={cut ? text : undefined}>
      {short}
    </Text>
  );
}
