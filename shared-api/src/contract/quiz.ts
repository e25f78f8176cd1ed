import { z } from 'zod';
import { isoDateTimeSchema } from './common';
import { categoryRefSchema, questionKindSchema } from './questions';
import { limits, requiredText } from './fields';
import { readPng } from './png';

/** A question as a participant receives it: never with its correct answer. */
export const participantQuestionSchema = z.object({
  _id: z.string(),
  question: z.string(),
  options: z.array(z.string()),
  questionType: questionKindSchema,
  category: categoryRefSchema.nullable(),
});
export type ParticipantQuestion = z.infer<typeof participantQuestionSchema>;

export const getQuestionsResponseSchema = z.object({
  message: z.string(),
  questions: z.array(participantQuestionSchema),
});
export type GetQuestionsResponse = z.infer<typeof getQuestionsResponseSchema>;

export const answerInputSchema = z.object({
  questionId: requiredText('questionId', limits.questionId, 'questionId is too long'),
  userAnswer: z
    .string({ error: 'userAnswer is required' })
    .max(limits.answerText, `userAnswer must be at most ${limits.answerText} characters`),
});
export type AnswerInput = z.infer<typeof answerInputSchema>;

/** `POST user/submitanswer`. Name, email and contact are what the participant entered. */
export const submitAnswersBodySchema = z.object({
  name: z.string().trim().max(limits.name, `name must be at most ${limits.name} characters`).default('Guest User'),
  email: z
    .string()
    .trim()
    .max(limits.email, `email must be at most ${limits.email} characters`)
    .default('Not Provided'),
  contactno: z
    .union([z.string(), z.number()], { error: 'contactno must be text or a number' })
    .transform((v) => String(v).trim())
    .pipe(z.string().max(limits.contactno, 'contactno is too long'))
    .default('Not Provided'),
  answers: z
    .array(answerInputSchema, { error: 'answers must be a list' })
    .min(1, 'answers must not be empty')
    .max(limits.answersPerSubmission, 'answers has too many entries'),
  /** The question set the answers are to (`GET user/progress`); the current one when absent. */
  questionSetVersion: z.number({ error: 'questionSetVersion must be a number' }).int().min(1).optional(),
});
export type SubmitAnswersBody = z.input<typeof submitAnswersBodySchema>;

/** What the participant sees of a stored answer (no correctness, no correct answer). */
export const answerEchoSchema = z.object({ questionId: z.string(), question: z.string(), userAnswer: z.string() });
export type AnswerEcho = z.infer<typeof answerEchoSchema>;

export const submitAnswersResponseSchema = z.object({
  message: z.string(),
  /** The answers as stored. */
  questions: z.array(answerEchoSchema),
  totalQuestions: z.number().int(),
  submittedAt: isoDateTimeSchema,
});
export type SubmitAnswersResponse = z.infer<typeof submitAnswersResponseSchema>;

/** `GET user/getuserresponse`: the participant's own submission summary. */
export const userResponseSummarySchema = z.object({
  message: z.string(),
  responses: z.array(answerEchoSchema),
  submittedAt: isoDateTimeSchema.nullable(),
  concerns: z.array(z.object({ title: z.string(), botherOptions: z.array(z.string()) })),
  concernsSubmittedAt: isoDateTimeSchema.nullable(),
});
export type UserResponseSummary = z.infer<typeof userResponseSummarySchema>;

const { bytes: maxBytes, width: maxWidth, height: maxHeight } = limits.signatureImage;
const tooLarge = `imageBase64 is too large (at most ${maxBytes / 1024} KB)`;

/** What is wrong with a signature image given as base64, or nothing. */
function signatureProblem(base64: string): string | undefined {
  const png = readPng(base64);
  if (!png) return 'imageBase64 is not a PNG image';
  if (png.bytes > maxBytes) return tooLarge;
  if (png.width > maxWidth || png.height > maxHeight) {
    return `imageBase64 is too wide or tall: ${png.width} × ${png.height} px (at most ${maxWidth} × ${maxHeight})`;
  }
  return undefined;
}

/** `POST useragreement/add`: the signature, a PNG of limited size, as base64 without a data-URL prefix. */
export const agreementBodySchema = z.object({
  // Each check stops the next, so a refused image gets one message.
  imageBase64: z
    .string({ error: 'imageBase64 is required' })
    .trim()
    .min(1, { error: 'imageBase64 is required', abort: true })
    .max(limits.signatureBase64, { error: tooLarge, abort: true })
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, { error: 'imageBase64 must be base64 without a data-URL prefix', abort: true })
    .check((ctx) => {
      const problem = signatureProblem(ctx.value);
      if (problem) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value });
    }),
  date: z.iso.date({ error: 'date must be an ISO date (YYYY-MM-DD)' }),
  /** The name the participant signed with (the details' name when absent). */
  signedName: z.string().trim().max(limits.name, `signedName must be at most ${limits.name} characters`).optional(),
  /** The consent text's version the participant read (`currentConsentText.version` when absent). */
  textVersion: z.string().trim().max(32, 'textVersion is too long').optional(),
  /** How the signature was made: drawn from the typed name, or by finger or mouse on the pad. */
  method: z.enum(['typed', 'drawn'], { error: 'method must be typed or drawn' }).default('typed'),
});
export type AgreementBody = z.input<typeof agreementBodySchema>;

export const agreementResponseSchema = z.object({
  message: z.string(),
  agreement: z.object({ _id: z.string(), date: z.string(), createdAt: isoDateTimeSchema }),
});
export type AgreementResponse = z.infer<typeof agreementResponseSchema>;
