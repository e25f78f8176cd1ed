import { Button, Group, TextInput } from '@mantine/core';
import { CopyIcon } from '../icons';
import classes from './copy-link-field.module.css';

export interface CopyLinkFieldProps {
  label: string;
  link: string;
  /** Puts the link on the clipboard (and says so). */
  onCopy: () => void;
  /** The button's words; `Copy` unless given. */
  copyLabel?: string;
}

/** A link shown once to hand on: read-only (selected whole on focus) with a Copy button beside it, wrapping under on a phone. */
export function CopyLinkField({ label, link, onCopy, copyLabel = 'Copy' }: CopyLinkFieldProps) {
  return (
    <Group align="flex-end" gap="sm">
      <TextInput
        className={classes.field}
        label={label}
        value={link}
        readOnly
        onFocus={(event) => event.currentTarget.select()}
      />
      <Button variant="light" leftSection={<CopyIcon size={16} />} onClick={onCopy}>
        {copyLabel}
      </Button>
    </Group>
  );
}
