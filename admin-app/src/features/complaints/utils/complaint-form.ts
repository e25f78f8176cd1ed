/** What the add and edit complaint forms hold. */
export interface ComplaintFormValues {
  title: string;
  description: string;
  /** Option rows as typed; at least one row always remains. */
  botherOptions: string[];
  status: ComplaintStatus;
}

export interface ComplaintFormErrors {
  id?: string;
  title?: string;
  description?: string;
  botherOptions?: string;
}

/** The contract allows at most this many bother options. */
export const MAX_BOTHER_OPTIONS = 10;

export const complaintStatuses = [
  { value: 'pending', label: 'Pending' },
  { value: 'in-progress', label: 'In progress' },
  { value: 'resolved', label: 'Resolved' },
  { value: 'dismissed', label: 'Dismissed' },
] as const;

export type ComplaintStatus = (typeof complaintStatuses)[number]['value'];

/** A stored status as one the edit form offers (unknown ones read as pending). */
export function toComplaintStatus(status: string | null | undefined): ComplaintStatus {
  return complaintStatuses.find((s) => s.value === status)?.value ?? 'pending';
}

export type ComplaintFormMode = 'add' | 'edit';

const messages = {
  add: { title: 'Complaint title is required', description: 'Complaint description is required' },
  edit: { title: 'Title is required', description: 'Description is required' },
} as const;

/**
 * Spec section 5: title and description required (worded per form); options are optional, but once
 * a second row is added every row must be filled or removed. A single blank row means no options.
 */
export function validateComplaint(values: ComplaintFormValues, mode: ComplaintFormMode, id?: string): ComplaintFormErrors {
  const errors: ComplaintFormErrors = {};
  if (mode === 'edit' && !id) errors.id = 'Complaint ID is missing';
  if (!values.title.trim()) errors.title = messages[mode].title;
  if (!values.description.trim()) errors.description = messages[mode].description;
  if (values.botherOptions.length > 1 && values.botherOptions.some((o) => !o.trim())) {
    errors.botherOptions = 'All bother options must be filled or removed';
  }
  return errors;
}

/** The options sent: trimmed, blanks dropped. */
export function filledOptions(options: readonly string[]): string[] {
  return options.map((o) => o.trim()).filter(Boolean);
}
