/** What the add and edit concern forms hold. */
export interface ConcernFormValues {
  title: string;
  description: string;
  /** Option rows as typed; at least one row always remains. */
  ratingOptions: string[];
  status: ConcernStatus;
}

export interface ConcernFormErrors {
  id?: string;
  title?: string;
  description?: string;
  ratingOptions?: string;
}

/** The contract allows at most this many rating options. */
export const MAX_RATING_OPTIONS = 10;

export const concernStatuses = [
  { value: 'pending', label: 'Pending' },
  { value: 'in-progress', label: 'In progress' },
  { value: 'resolved', label: 'Resolved' },
  { value: 'dismissed', label: 'Dismissed' },
] as const;

export type ConcernStatus = (typeof concernStatuses)[number]['value'];

/** A stored status as one the edit form offers (unknown ones read as pending). */
export function toConcernStatus(status: string | null | undefined): ConcernStatus {
  return concernStatuses.find((s) => s.value === status)?.value ?? 'pending';
}

export type ConcernFormMode = 'add' | 'edit';

const messages = {
  add: { title: 'Complaint title is required', description: 'Complaint description is required' },
  edit: { title: 'Title is required', description: 'Description is required' },
} as const;

/**
 * Spec section 5: title and description required (worded per form); options are optional, but once
 * a second row is added every row must be filled or removed. A single blank row means no options.
 */
export function validateConcern(values: ConcernFormValues, mode: ConcernFormMode, id?: string): ConcernFormErrors {
  const errors: ConcernFormErrors = {};
  if (mode === 'edit' && !id) errors.id = 'Complaint ID is missing';
  if (!values.title.trim()) errors.title = messages[mode].title;
  if (!values.description.trim()) errors.description = messages[mode].description;
  if (values.ratingOptions.length > 1 && values.ratingOptions.some((o) => !o.trim())) {
    errors.ratingOptions = 'All bother options must be filled or removed';
  }
  return errors;
}

/** The options sent: trimmed, blanks dropped. */
export function filledOptions(options: readonly string[]): string[] {
  return options.map((o) => o.trim()).filter(Boolean);
}
