// Reliability harness: the final checks, through the admin API and straight against the tables,
// and the summary lines a run prints.

import type { Kysely } from 'kysely';
import type { Database } from '../../../src/db/types';
import { decodeAnswers, decodeCategories } from '../../../src/modules/results/codecs';
import { callApi, type KnownQuestion } from './http';
import { sameAnswers, type LoadStats, type Participant } from './participants';

/** round(correct / total × 100), written out again here rather than imported from the server. */
const percent = (correct: number, wrong: number) =>
  correct + wrong === 0 ? 0 : Math.round((correct / (correct + wrong)) * 100);
const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Problems found, as readable lines (empty when everything holds). */
export type Problems = string[];

/**
 * Every participant through `GET admin/getquizresult`: exactly one result each, nobody else's, and
 * the totals and category figures the participant's choices add up to.
 */
export async function checkThroughAdminApi(
  baseUrl: string,
  adminToken: string,
  participants: Participant[],
): Promise<{ problems: Problems; listed: number }> {
  const problems: Problems = [];
  const listed: any[] = [];
  let totalResults = -1;
  for (let page = 1; page <= 1000; page += 1) {
    const reply = await callApi(baseUrl, 'GET', `/api/admin/getquizresult?page=${page}&limit=100&search=`, {
      token: adminToken,
    });
    if (reply.kind !== 'reply' || reply.status !== 200)
      throw new Error(`getquizresult page ${page}: ${JSON.stringify(reply)}`);
    totalResults = reply.body.totalResults;
    listed.push(...reply.body.results);
    if (reply.body.results.length === 0 || listed.length >= totalResults) break;
  }
  if (totalResults !== participants.length)
    problems.push(`admin API: totalResults ${totalResults}, expected ${participants.length}`);
  const byEmail = new Map<string, any[]>();
  for (const result of listed) byEmail.set(result.user.email, [...(byEmail.get(result.user.email) ?? []), result]);
  if (new Set(listed.map((result) => result.user._id)).size !== listed.length)
    problems.push('admin API: a participant is listed twice');
  for (const p of participants) {
    const results = byEmail.get(p.email) ?? [];
    if (results.length !== 1) {
      problems.push(`admin API: ${p.email} has ${results.length} results`);
      continue;
    }
    const result = results[0];
    const wrong = p.answers.length - p.expected.correct;
    const totals = result.userTotals;
    const want = {
      correctAnswer: p.expected.correct,
      wrongAnswer: wrong,
      totalAnswers: p.answers.length,
      percent: percent(p.expected.correct, wrong),
    };
    if (
      totals.correctAnswer !== want.correctAnswer ||
      totals.wrongAnswer !== want.wrongAnswer ||
      totals.totalAnswers !== want.totalAnswers ||
      totals.percent !== want.percent ||
      totals.passed !== want.percent >= 50
    ) {
      problems.push(`admin API: ${p.email} totals ${JSON.stringify(totals)}, expected ${JSON.stringify(want)}`);
    }
    const categories = new Map<string, any>(result.categories.map((figure: any) => [figure.categoryName, figure]));
    if (categories.size !== p.expected.categories.size)
      problems.push(`admin API: ${p.email} has ${categories.size} category figures`);
    for (const [name, figure] of p.expected.categories) {
      const got = categories.get(name);
      if (
        !got ||
        got.correctAnswer !== figure.correct ||
        got.wrongAnswer !== figure.wrong ||
        got.totalAnswers !== figure.correct + figure.wrong ||
        got.percent !== percent(figure.correct, figure.wrong)
      ) {
        problems.push(
          `admin API: ${p.email} category ${name} ${JSON.stringify(got)}, expected ${JSON.stringify(figure)}`,
        );
      }
    }
    if (p.ack?.submittedAt && p.ack.submittedAt !== result.createdAt) {
      problems.push(
        `admin API: ${p.email} was acknowledged at ${p.ack.submittedAt}, the stored result is from ${result.createdAt}`,
      );
    }
  }
  return { problems, listed: listed.length };
}

export interface DatabaseFigures {
  results: number;
  distinctParticipants: number;
  participants: number;
  answers: number;
  categoryRows: number;
}

/**
 * The same, straight from the tables: one result per participant, every total and category figure
 * equal to a recomputation from the stored answer rows, the answer snapshots equal to what was
 * sent, no orphan rows, and the participant update of the submit transaction present.
 */
export async function checkDatabase(
  db: Kysely<Database>,
  participants: Participant[],
  questions: Map<string, KnownQuestion>,
  /** Participants the test created outside the load (they have no result). */
  otherParticipants = 0,
): Promise<{ problems: Problems; figures: DatabaseFigures }> {
  const problems: Problems = [];
  const count = async (table: 'results' | 'participants' | 'result_answers') =>
    Number((await db.selectFrom(table).select(db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const distinct = await db
    .selectFrom('results')
    .select(db.fn.count('participant_id').distinct().as('n'))
    .executeTakeFirstOrThrow();
  const people = await db.selectFrom('participants').selectAll().execute();
  const results = await db.selectFrom('results').selectAll().execute();
  const answerDocuments = await db.selectFrom('result_answers').selectAll().execute();
  const answersByResult = new Map(answerDocuments.map((row) => [row.result_id, decodeAnswers(row.answers)]));
  const figuresByResult = new Map(results.map((row) => [row.id, decodeCategories(row.categories)]));
  const figures: DatabaseFigures = {
    results: await count('results'),
    distinctParticipants: Number(distinct.n),
    participants: await count('participants'),
    answers: [...answersByResult.values()].reduce((sum, list) => sum + list.length, 0),
    categoryRows: [...figuresByResult.values()].reduce((sum, list) => sum + list.length, 0),
  };
  if (figures.results !== participants.length)
    problems.push(`database: ${figures.results} results, expected ${participants.length}`);
  if (figures.distinctParticipants !== figures.results)
    problems.push(`database: ${figures.results} results for ${figures.distinctParticipants} participants`);
  if (figures.participants !== participants.length + otherParticipants) {
    problems.push(
      `database: ${figures.participants} participants, expected ${participants.length + otherParticipants}`,
    );
  }

  const resultIds = new Set(results.map((row) => row.id));
  const orphanAnswers = answerDocuments.filter((row) => !resultIds.has(row.result_id)).length;
  const withoutAnswers = results.filter((row) => !answersByResult.has(row.id)).length;
  if (orphanAnswers + withoutAnswers > 0)
    problems.push(`database: ${orphanAnswers} orphan answer lists, ${withoutAnswers} results without answers`);

  const personByEmail = new Map(people.map((person) => [person.email_lower, person]));
  const resultsByParticipant = new Map<string, typeof results>();
  for (const result of results)
    resultsByParticipant.set(result.participant_id, [
      ...(resultsByParticipant.get(result.participant_id) ?? []),
      result,
    ]);

  for (const p of participants) {
    const person = personByEmail.get(p.email.toLowerCase());
    if (!person) {
      problems.push(`database: no participant row for ${p.email}`);
      continue;
    }
    const own = resultsByParticipant.get(person.id) ?? [];
    if (own.length !== 1) {
      problems.push(`database: ${p.email} has ${own.length} results${p.ack ? ` (acknowledged as ${p.ack.kind})` : ''}`);
      continue;
    }
    const result = own[0] as (typeof results)[number];
    if (person.name !== p.submittedName)
      problems.push(`database: ${p.email} is named "${person.name}": the submit transaction's update is missing`);
    if (!result.session_id) problems.push(`database: ${p.email} result has no session`);
    if (p.ack?.submittedAt && p.ack.submittedAt !== result.created_at) {
      problems.push(`database: ${p.email} acknowledged at ${p.ack.submittedAt}, stored at ${result.created_at}`);
    }
    const rows = answersByResult.get(result.id) ?? [];
    // Recompute from the stored answers.
    let correct = 0;
    const byCategory = new Map<string, { correct: number; wrong: number }>();
    for (const row of rows) {
      if (row.isCorrect !== sameText(row.userAnswer, row.correctAnswer))
        problems.push(`database: ${p.email} answer ${row.questionId} marked ${row.isCorrect} wrongly`);
      const known = questions.get(row.questionId);
      if (!known || row.correctAnswer !== known.correctAnswer || row.categoryName !== known.categoryName) {
        problems.push(`database: ${p.email} answer ${row.questionId} snapshot differs from the question`);
      }
      if (row.isCorrect) correct += 1;
      const figure = byCategory.get(row.categoryName) ?? { correct: 0, wrong: 0 };
      if (row.isCorrect) figure.correct += 1;
      else figure.wrong += 1;
      byCategory.set(row.categoryName, figure);
    }
    const wrong = rows.length - correct;
    if (
      !sameAnswers(
        p.answers,
        rows.map((row) => ({ questionId: row.questionId, userAnswer: row.userAnswer })),
      )
    ) {
      problems.push(`database: ${p.email} stored answers differ from the ones sent`);
    }
    if (new Set(rows.map((row) => row.questionId)).size !== rows.length)
      problems.push(`database: ${p.email} answers a question twice`);
    const stored = {
      correct: Number(result.correct),
      wrong: Number(result.wrong),
      total: Number(result.total),
      percent: Number(result.percent),
      passed: Number(result.passed) === 1,
    };
    const recomputed = {
      correct,
      wrong,
      total: rows.length,
      percent: percent(correct, wrong),
      passed: percent(correct, wrong) >= 50,
    };
    if (JSON.stringify(stored) !== JSON.stringify(recomputed)) {
      problems.push(
        `database: ${p.email} totals ${JSON.stringify(stored)} but the answers add up to ${JSON.stringify(recomputed)}`,
      );
    }
    if (correct !== p.expected.correct)
      problems.push(`database: ${p.email} has ${correct} right answers, the participant chose ${p.expected.correct}`);
    const storedFigures = figuresByResult.get(result.id) ?? [];
    if (storedFigures.length !== byCategory.size)
      problems.push(
        `database: ${p.email} has ${storedFigures.length} category figures for ${byCategory.size} categories`,
      );
    for (const row of storedFigures) {
      const want = byCategory.get(row.categoryName);
      const got = { correct: row.correct, wrong: row.wrong, total: row.total, percent: row.percent };
      if (
        !want ||
        JSON.stringify(got) !==
          JSON.stringify({ ...want, total: want.correct + want.wrong, percent: percent(want.correct, want.wrong) })
      ) {
        problems.push(
          `database: ${p.email} category ${row.categoryName} ${JSON.stringify(got)} but the answers add up to ${JSON.stringify(want)}`,
        );
      }
    }
  }
  return { problems, figures };
}

/** Acknowledgements by kind, e.g. `created 180, repeat 15, already-completed 5`. */
function ackSummary(participants: Participant[]): string {
  const kinds = new Map<string, number>();
  for (const p of participants) if (p.ack) kinds.set(p.ack.kind, (kinds.get(p.ack.kind) ?? 0) + 1);
  return [...kinds].map(([kind, n]) => `${kind} ${n}`).join(', ') || 'none';
}

/** What became of the submissions: attempted, acknowledged (by kind), stored and listed. */
export function submissionsSummary(participants: Participant[], stored: DatabaseFigures, listed: number): string {
  const attempted = participants.filter((p) => p.submitRequests > 0).length;
  const requests = participants.reduce((n, p) => n + p.submitRequests, 0);
  const acknowledged = participants.filter((p) => p.ack).length;
  return (
    `submissions attempted ${attempted} (${requests} submit requests), acknowledged ${acknowledged} (${ackSummary(participants)}), ` +
    `stored ${stored.results} (distinct participants ${stored.distinctParticipants}, listed by the admin API ${listed})`
  );
}

export function statsSummary(stats: LoadStats): string {
  const errors = [...stats.serverErrors].map(([status, n]) => `${status}×${n}`).join(' ') || 'none';
  const retries = stats.retries.validate + stats.retries.consent + stats.retries.questions + stats.retries.submit;
  return [
    `requests ${stats.requests}`,
    `retries ${retries} (validate ${stats.retries.validate}, consent ${stats.retries.consent}, questions ${stats.retries.questions}, submit ${stats.retries.submit})`,
    `network errors ${stats.networkErrors}, 5xx ${errors}`,
    `re-validations same session ${stats.revalidations.sameSession}, fresh session ${stats.revalidations.freshSession}`,
    `429s ${stats.rateLimited}`,
  ].join('; ');
}

/** First few participant failures, for the assertion message. */
export function participantFailures(participants: Participant[]): string[] {
  return participants.filter((p) => p.error || !p.ack).map((p) => `${p.email}: ${p.error ?? 'never acknowledged'}`);
}
