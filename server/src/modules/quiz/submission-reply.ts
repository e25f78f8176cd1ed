import type { SubmitAnswersResponse } from '@prometrica/shared-api/contract';
import { SerializedJson } from '../../lib/json-reply';
import { TextPerQuestion } from '../../lib/kept-text';

/**
 * The reply to `POST user/submitanswer`, serialised: the JSON the response schema's output would
 * give (the same keys in the same order), written from kept pieces. Each answer's echo but the
 * user's answer is the same for every submission of a question, so that text is made once per
 * question. The reply is the largest the event loop writes under load, after the question list
 * (which is prepared once): checking it against the schema rebuilt it as a copy, and serialising
 * it whole took much longer.
 */
export function submissionReply(response: SubmitAnswersResponse): SerializedJson {
  let text = `{"message":${JSON.stringify(response.message)},"questions":[`;
  for (let index = 0; index < response.questions.length; index += 1) {
    const echo = response.questions[index]!;
    text += `${index === 0 ? '' : ','}${echoHeads.get(echo.questionId, echo.question)}${JSON.stringify(echo.userAnswer)}}`;
  }
  return new SerializedJson(
    `${text}],"totalQuestions":${JSON.stringify(response.totalQuestions)},"submittedAt":${JSON.stringify(response.submittedAt)}}`,
  );
}

/** `{"questionId":…,"question":…,"userAnswer":` of a question. */
const echoHeads = new TextPerQuestion(
  (questionId, question) =>
    `{"questionId":${JSON.stringify(questionId)},"question":${JSON.stringify(question)},"userAnswer":`,
);
