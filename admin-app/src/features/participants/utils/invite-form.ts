import { limits, type CreateInvitationBody, type ImportInvitationsBody } from '@prometrica/shared-api';
import { emailError } from '../../../lib/email';
import { phoneError } from '../../../lib/phone';

// The server's rules for an invitation (shared-api/src/contract/invitations.ts), checked at the
// fields before anything is sent, with messages naming the field as the form labels it.

/** The most days an invitation may stay valid. */
export const MAX_EXPIRY_DAYS = 365;

export interface InviteValues {
  name: string;
  email: string;
  phone: string;
  /** As typed; a whole number of days from 1 to 365. */
  expiresInDays: string;
  /** Mail the link (offered only when mail is configured). */
  send: boolean;
}

export type InviteErrors = Partial<Record<keyof InviteValues, string>>;

export const blankInvite: InviteValues = {
  name: '',
  email: '',
  phone: '',
  expiresInDays: String(limits.invitationDays),
  send: true,
};

/** The message for the expiry as typed, if it breaks a rule. */
export function expiryError(text: string): string | undefined {
  const trimmed = text.trim();
  if (!trimmed) return 'Expiry is required';
  if (!/^\d+$/.test(trimmed)) return 'Expiry must be a whole number of days';
  const days = Number(trimmed);
  if (days < 1 || days > MAX_EXPIRY_DAYS) return `Expiry must be between 1 and ${MAX_EXPIRY_DAYS} days`;
  return undefined;
}

export function validateInvite(values: InviteValues): InviteErrors {
  const errors: InviteErrors = {};
  const name = values.name.trim();
  if (!name) errors.name = 'Name is required';
  else if (name.length > limits.name) errors.name = `Name must be at most ${limits.name} characters`;
  errors.email = emailError(values.email);
  errors.phone = phoneError(values.phone, 'Phone', false);
  errors.expiresInDays = expiryError(values.expiresInDays);
  return errors;
}

/** What `POST admin/invitations` is sent: trimmed fields, and `send` only when mail is configured. */
export function inviteBody(values: InviteValues, mailConfigured: boolean): CreateInvitationBody {
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    phone: values.phone.trim(),
    expiresInDays: Number(values.expiresInDays.trim()),
    send: mailConfigured && values.send,
  };
}

export interface ImportValues {
  /** The CSV as chosen from a file or pasted. */
  csv: string;
  expiresInDays: string;
  send: boolean;
}

export type ImportErrors = Partial<Record<keyof ImportValues, string>>;

export const blankImport: ImportValues = { csv: '', expiresInDays: String(limits.invitationDays), send: false };

/** The CSV's size as the server counts it: UTF-8 bytes. */
export const byteLength = (text: string) => new TextEncoder().encode(text).length;

const megabytes = limits.invitationImportBytes / 1024 / 1024;

/** The message for a CSV of `bytes` bytes that is too large, if it is. */
export function csvSizeError(bytes: number): string | undefined {
  return bytes > limits.invitationImportBytes ? `CSV must be at most ${megabytes} MB` : undefined;
}

export function validateImport(values: ImportValues, rows: number): ImportErrors {
  const errors: ImportErrors = {};
  if (!values.csv.trim()) errors.csv = 'CSV is required: choose a file or paste the rows';
  else if (rows === 0) errors.csv = 'CSV has no rows below its header line';
  else if (rows > limits.invitationImportRows)
    errors.csv = `CSV must have at most ${limits.invitationImportRows} rows (it has ${rows})`;
  else errors.csv = csvSizeError(byteLength(values.csv));
  errors.expiresInDays = expiryError(values.expiresInDays);
  return errors;
}

export function importBody(values: ImportValues, mailConfigured: boolean): ImportInvitationsBody {
  return {
    csv: values.csv,
    expiresInDays: Number(values.expiresInDays.trim()),
    send: mailConfigured && values.send,
  };
}
