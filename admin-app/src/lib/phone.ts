import { limits } from '@prometrica/shared-api';
import { phoneCharacters } from '@prometrica/shared-api/phone';

export { formatPhone } from '@prometrica/shared-api/phone';

/**
 * The message for a phone number as typed (trimmed, as the server does), if its characters or
 * length break the server's rule. Whether it is a possible number is the server's to say (it reads
 * a number without `+` in the region it is configured for); its refusal is shown at the field.
 */
export function phoneError(text: string, label: string, required: boolean): string | undefined {
  const phone = text.trim();
  if (!phone) return required ? `${label} is required` : undefined;
  if (phone.length > limits.phone) return `${label} must be at most ${limits.phone} characters`;
  if (!phoneCharacters.test(phone) || !/\d/.test(phone))
    return `${label} may contain only digits, spaces, dashes, dots, brackets and a leading +`;
  return undefined;
}

/** What a phone field keeps of what is typed or pasted: digits, spaces, dashes, dots, brackets and a leading `+`. */
export function phoneTyping(text: string): string {
  return text.replace(/[^\d\s().+-]+/g, '').replace(/(?!^)\+/g, '');
}
