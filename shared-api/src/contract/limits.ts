/** A phone number's characters. */
const phone = 20;

/** Limits shared by the server and the forms. */
export const limits = {
  name: 200,
  email: 254,
  phone,
  password: { min: 8, max: 256 },
  questionText: 2000,
  answerText: 500,
  /** A submission's contact number as sent: a phone number with room for spacing and punctuation. */
  contactno: phone + 20,
  /** Answers in one submission. */
  answersPerSubmission: 500,
  /** A question id as sent with an answer. */
  questionId: 64,
  option: 300,
  categoryName: 100,
  title: 200,
  description: 2000,
  ratingOption: 100,
  search: 200,
  /** Consent signature image, base64 characters (about 1 MB of image). */
  signatureBase64: 1_400_000,
} as const;
