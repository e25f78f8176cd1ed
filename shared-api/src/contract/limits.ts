/** A phone number's characters as typed, spacing and punctuation included (E.164 is at most 16). */
const phone = 32;

/**
 * The consent signature, a PNG: the participant app draws a 600 × 160 one, a few KB; the rest is
 * headroom for other screens, not room to fill the disk with.
 */
const signatureImage = { bytes: 200 * 1024, width: 1200, height: 400 } as const;

/** Limits shared by the server and the forms. */
export const limits = {
  name: 200,
  email: 254,
  phone,
  /** A new password's length (a sign-in takes any password up to `max`: the rules apply when one is set). */
  password: { min: 12, max: 256 },
  questionText: 2000,
  answerText: 500,
  /** A submission's contact number as sent: a phone number with room for spacing and punctuation. */
  contactno: phone + 20,
  /** Answers in one submission. */
  answersPerSubmission: 500,
  /** Time on one question counted by one answer save: an hour. */
  answerTimeMs: 3_600_000,
  /** An answer save's `since`: a reply's `savedAt` (24 characters), with room for other ISO forms. */
  sinceText: 40,
  /** How long a new invitation stays valid unless the admin says otherwise, in days. */
  invitationDays: 30,
  /** Invitees in one CSV import. */
  invitationImportRows: 5000,
  /** A CSV import's size in bytes. */
  invitationImportBytes: 1024 * 1024,
  /** A question id as sent with an answer. */
  questionId: 64,
  option: 300,
  categoryName: 100,
  title: 200,
  description: 2000,
  ratingOption: 100,
  search: 200,
  /** How long a report link stays valid unless the admin says otherwise, in days (1 to 365). */
  reportLinkDays: 30,
  /** One comment of the doctor's report (overall or a category's). */
  reportComment: 5000,
  signatureImage,
  /** The signature image in base64 characters: 4 for every 3 bytes, padded. */
  signatureBase64: Math.ceil(signatureImage.bytes / 3) * 4,
} as const;
