import { z } from 'zod';
import { isoDateTimeSchema } from './common';
import { questionKind } from './domain';
import { limits, limitQuery, pageInfo, pageQuery, requiredText, searchQuery } from './fields';

/** Every spelling of a question type the product reads (spec section 3). */
export const questionTypeInputSchema = z.enum(
  ['mcq', 'multiple', 'truefalse', 'true/false', 'fill_in_the_blanks', 'fillblanks'],
  {
    error: 'questionType must be one of mcq, multiple, truefalse, true/false, fill_in_the_blanks, fillblanks',
  },
);
/** The three kinds, as stored. */
export const questionKindSchema = z.enum(['mcq', 'truefalse', 'fill_in_the_blanks']);
export type QuestionKind = z.infer<typeof questionKindSchema>;
export type QuestionTypeInput = z.infer<typeof questionTypeInputSchema>;

export const categoryRefSchema = z.object({ _id: z.string(), name: z.string() });

export const questionSchema = z.object({
  _id: z.string(),
  question: z.string(),
  correctAnswer: z.string(),
  options: z.array(z.string()),
  questionType: questionKindSchema,
  category: categoryRefSchema.nullable(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type Question = z.infer<typeof questionSchema>;

const questionFields = {
  question: requiredText('question', limits.questionText),
  correctAnswer: requiredText('correctAnswer', limits.answerText),
  questionType: questionTypeInputSchema,
  options: z
    .array(
      z
        .string({ error: 'options must be a list of text' })
        .max(limits.option, `each option must be at most ${limits.option} characters`),
      {
        error: 'options must be a list of text',
      },
    )
    .max(4, 'options can have at most 4 entries')
    .default([]),
};

/** The rules of spec section 5 that tie options, type and answer together. */
function checkOptions(value: { questionType: string; options: string[]; correctAnswer: string }, ctx: z.RefinementCtx) {
  const kind = questionKind(value.questionType);
  if (kind === 'mcq') {
    const options = value.options.map((o) => o.trim());
    if (options.length < 2)
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'multiple choice needs 2 to 4 options' });
    options.forEach((o, i) => {
      if (!o) ctx.addIssue({ code: 'custom', path: ['options', i], message: 'This option is required' });
    });
    const lowered = options.map((o) => o.toLowerCase());
    if (new Set(lowered).size !== lowered.length)
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'Options must be unique' });
    if (!lowered.includes(value.correctAnswer.trim().toLowerCase())) {
      ctx.addIssue({
        code: 'custom',
        path: ['correctAnswer'],
        message: 'Correct answer must match one of the options',
      });
    }
  } else if (kind === 'truefalse') {
    if (!['true', 'false'].includes(value.correctAnswer.trim().toLowerCase())) {
      ctx.addIssue({ code: 'custom', path: ['correctAnswer'], message: 'correctAnswer must be true or false' });
    }
  }
}

/** `POST admin/addquestion`: the category is sent by name. */
export const addQuestionBodySchema = z
  .object({ ...questionFields, category: requiredText('category', limits.categoryName) })
  .superRefine(checkOptions);
export type AddQuestionBody = z.input<typeof addQuestionBodySchema>;

/** `PUT admin/updatequestion/{id}`: the category may be changed by name. */
export const updateQuestionBodySchema = z
  .object({
    ...questionFields,
    id: z.string().optional(),
    category: z.string().trim().max(limits.categoryName).optional(),
  })
  .superRefine(checkOptions);
export type UpdateQuestionBody = z.input<typeof updateQuestionBodySchema>;

export const questionListQuerySchema = z.object({ page: pageQuery, limit: limitQuery, search: searchQuery });
/** What a client sends (the schema coerces query-string text). */
export interface QuestionListQuery {
  page?: number;
  limit?: number;
  search?: string;
}

export const questionListResponseSchema = z.object({
  questions: z.array(questionSchema),
  totalQuestions: z.number().int(),
  ...pageInfo,
});
export type QuestionListResponse = z.infer<typeof questionListResponseSchema>;

export const questionResponseSchema = z.object({ message: z.string(), question: questionSchema });
export type QuestionResponse = z.infer<typeof questionResponseSchema>;
