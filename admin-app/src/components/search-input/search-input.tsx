import { CloseButton, TextInput } from '@mantine/core';
import { SearchIcon } from '../icons';

export interface SearchInputProps {
  /** Accessible name and placeholder, e.g. `Search questions`. */
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Shown inside the box; defaults to the label followed by `...`. */
  placeholder?: string;
}

/** A search box with a clear button. */
export function SearchInput({ label, value, onChange, placeholder }: SearchInputProps) {
  return (
    <TextInput
      type="search"
      aria-label={label}
      placeholder={placeholder ?? `${label}...`}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      leftSection={<SearchIcon size={16} />}
      rightSection={value ? <CloseButton size="sm" aria-label="Clear search" onClick={() => onChange('')} /> : null}
      w={{ base: '100%', sm: 320 }}
    />
  );
}
