import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { rebuildAggregates } from '../../src/modules/insights/service';

/**
 * Copies of one submitted result (`templateParticipantId`'s), `count` of them with participants of
 * their own (`Bulk Person <n>`, one a minute from 1 January 2025), straight into the tables as a
 * restore would bring them: for the tests that need more results than submitting each would allow.
 */
export async function copyResults(app: FastifyInstance, templateParticipantId: string, count: number): Promise<void> {
  const db = app.db;
  const template = await db
    .selectFrom('results')
    .innerJoin('result_answers', 'result_answers.result_id', 'results.id')
    .selectAll('results')
    .select('result_answers.answers')
    .where('participant_id', '=', templateParticipantId)
    .executeTakeFirstOrThrow();
  for (let start = 1; start <= count; start += 100) {
    const people = Array.from({ length: Math.min(100, count + 1 - start) }, (_, offset) => {
      const n = start + offset;
      const at = new Date(Date.UTC(2025, 0, 1) + n * 60_000).toISOString();
      return { n, at, participantId: randomUUID(), resultId: randomUUID() };
    });
    await db
      .insertInto('participants')
      .values(
        people.map(({ n, at, participantId }) => ({
          id: participantId,
          name: `Bulk Person ${n}`,
          name_lower: `bulk person ${n}`,
          email: `bulk${n}@example.com`,
          email_lower: `bulk${n}@example.com`,
          phone: '+923001234567',
          created_at: at,
          updated_at: at,
          owner_session: null,
          question_set_version: template.question_set_version,
        })),
      )
      .execute();
    await db
      .insertInto('results')
      .values(
        people.map(({ at, participantId, resultId }) => ({
          id: resultId,
          participant_id: participantId,
          session_id: randomUUID(),
          correct: template.correct,
          wrong: template.wrong,
          total: template.total,
          percent: template.percent,
          passed: template.passed,
          created_at: at,
          categories: template.categories,
          question_set_version: template.question_set_version,
        })),
      )
      .execute();
    await db
      .insertInto('result_answers')
      .values(people.map(({ resultId }) => ({ result_id: resultId, answers: template.answers })))
      .execute();
  }
  // Stored behind the submissions' back: the aggregates are counted again.
  await rebuildAggregates(db);
}
