import { useId } from 'react';
import { Input, SegmentedControl } from '@mantine/core';
import { useMatchesMedia } from '../../../lib/use-media-query';

export interface ChoiceFieldProps {
  /** The field's label, also the radio group's accessible name. */
  label: string;
  /** The chosen value; an empty string means nothing chosen yet. */
  value: string;
  data: { value: string; label: string }[];
  onChange: (value: string) => void;
  error?: string;
  required?: boolean;
  disabled?: boolean;
}

/**
 * A labelled one-of-a-few choice. SegmentedControl keeps its radios controlled (Mantine's Radio
 * flips between controlled and uncontrolled), and stacks vertically on narrow screens.
 */
export function ChoiceField({
  label,
  value,
  data,
  onChange,
  error,
  required = false,
  disabled = false,
}: ChoiceFieldProps) {
  const id = useId();
  const narrow = useMatchesMedia('(max-width: 30em)');
  return (
    <Input.Wrapper
      label={label}
      withAsterisk={required}
      labelElement="div"
      labelProps={{ id: `${id}-label` }}
      error={error}
      errorProps={{ id: `${id}-error` }}
    >
      <SegmentedControl
        mt={4}
        fullWidth
        orientation={narrow ? 'vertical' : 'horizontal'}
        aria-labelledby={`${id}-label`}
        aria-describedby={error ? `${id}-error` : undefined}
        aria-invalid={error ? true : undefined}
        value={value}
        data={data}
        onChange={onChange}
        disabled={disabled}
      />
    </Input.Wrapper>
  );
}
