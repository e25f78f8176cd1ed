import type { AnswerEcho, SubmitAnswersResponse } from '@prometrica/shared-api/contract';
import { SerializedJson } from '../../lib/json-reply';

/**
 * The reply to `POST user/submitanswer`, serialised: the JSON the response schema's output would
 * give (the same keys in the same order), written from kept pieces. Each answer's echo but the
 * user's answer is the same for every submission of a question, so that text is made once per
 * question. The reply is the largest the event loop writes under load, after the question list
 * (which is prepared once): checking it against the schema rebuilt it as a copy, and serialising
 * it whole took twice as long.
 */
export function submissionReply(response: SubmitAnswersResponse): SerializedJson {
  let text = `{"message":${JSON.stringify(response.message)},"questions":[`;
  for (let index = 0; index < response.questions.length; index += 1) {
    const echo = response.questions[index]!;
    text += `${index === 0 ? '' : ','}${echoHead(echo)}${JSON.stringify(echo.userAnswer)}}`;
  }
  return new SerializedJson(`${text}],"totalQuestions":${JSON.stringify(response.totalQuestions)},"submittedAt":${JSON.stringify(response.submittedAt)}}`);
}

/** `{"questionId":…,"question":…,"userAnswer":` of a question, kept with the text it was made from. */
const heads = new Map<string, { question: string; head: string }>();
/** Questions whose text is kept; past that the store starts again (a quiz has dozens). */
const headsKept = 4096;

function echoHead({ questionId, question }: AnswerEcho): string {
  const kept = heads.get(questionId);
  if (kept && kept.question === question) return kept.head;
  const head = `{"questionId":${JSON.stringify(questionId)},"question":${JSON.stringify(question)},"userAnswer":`;
  if (heads.size >= headsKept) heads.clear();
  heads.set(questionId, { question, head });
  return head;
}
