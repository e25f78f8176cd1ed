import type { OutgoingMail } from '../../lib/mail';

export const invitationSubject = 'Your Prometrica assessment';

/** The display name of `MAIL_FROM` (`Dr. Example <doctor@example.com>` → `Dr. Example`), if it has one. */
export function senderName(from: string): string | undefined {
  const match = /^\s*"?([^"<>]*?)"?\s*<[^<>]+>\s*$/.exec(from);
  const name = match?.[1]?.trim();
  return name ? name : undefined;
}

/** A date as people write it in a letter, e.g. `21 November 2026` (UTC, as stored). */
export const letterDate = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));

/**
 * The invitation mail: who invites (the sender's name, unless it is just the product's), the
 * product, the personal link and until when it works. Plain text, so every mail client shows the
 * link as it is and nothing in a name can become markup.
 */
export function invitationMail(
  invitee: { name: string; email: string },
  link: string,
  expiresAt: string,
  from: string,
): OutgoingMail {
  const sender = senderName(from);
  const inviter = sender && sender.toLowerCase() !== 'prometrica' ? `${sender} invites you` : 'You are invited';
  const greeting = invitee.name.trim() ? `Hello ${invitee.name.trim()},` : 'Hello,';
  return {
    to: invitee.email,
    subject: invitationSubject,
    text: [
      greeting,
      '',
      `${inviter} to take the Prometrica assessment: a confidential questionnaire for professionals and executives, followed by a personal report.`,
      '',
      'Open your personal link to begin:',
      link,
      '',
      `The link is yours alone: it opens your assessment on any device, and you can continue where you left off. It works until ${letterDate(expiresAt)}.`,
      '',
      'If you were not expecting this invitation, you can ignore this message.',
      ...(sender ? ['', sender] : []),
    ].join('\n'),
  };
}
