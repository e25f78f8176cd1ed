// The aggregates the submissions keep (in SQL, in their own statements) and those a rebuild counts
// from the stored answers (in JavaScript) agree exactly, after 10,000 random submissions to two
// question-set versions (the second made by editing a question), repeats the writer skips, saved
// times, and erasures; and so do the figures read from them.
import { randomUUID } from 'node:crypto';
import { isPostgres } from '../../src/db/postgres/postgres';
import { timeOrderedId } from '../../src/lib/ids';
import { aggregateTables, rebuildAggregates } from '../../src/modules/insights/rebuild';
import { insightCodes } from '../../src/modules/insights/aggregates';
import { eraseWithin } from '../../src/modules/participant-data/service';
import { questionSet, type VersionedQuestion } from '../../src/modules/questions/service';
import { scoreAnswers } from '../../src/modules/quiz/scoring';
import { insertSubmissions, type NewSubmission } from '../../src/modules/results/submission-statements';
import { createRandom } from '../../../bench/src/api/rows';
import { call, currentQuestions } from '../helpers/api';
import { appForTests } from '../helpers/build';
import { consentedFor } from '../helpers/consent';

// 10,000 submissions and 300 erasures take about 20 s on either engine; more on a busy machine.
jest.setTimeout(120_000);

const subject = appForTests({ signIn: 'admin' });

// Seeded, so a failure can be run again.
const random = createRandom(26);
const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;

/** Every aggregate row, its shards summed, the rows that sum to zero left out; in key order. */
async function snapshot(): Promise<Record<string, string[]>> {
  const keys: Record<(typeof aggregateTables)[number], string[]> = {
    result_period_totals: ['period'],
    result_percent_counts: ['scope', 'percent'],
    insight_scores: ['version', 'period', 'scope', 'score'],
    insight_answers: ['version', 'period', 'position', 'choice', 'correct'],
    insight_times: ['version', 'period', 'question_id', 'bucket'],
  };
  const values: Record<(typeof aggregateTables)[number], string[]> = {
    result_period_totals: ['results', 'passed', 'percent_sum'],
    result_percent_counts: ['count'],
    insight_scores: ['count'],
    insight_answers: ['count', 'score_sum'],
    insight_times: ['count'],
  };
  const out: Record<string, string[]> = {};
  for (const table of aggregateTables) {
    const rows = (await subject.app.db
      .selectFrom(table)
      .select(keys[table] as never)
      .select((eb) => values[table].map((column) => eb.fn.sum(column as never).as(column)) as never)
      .groupBy(keys[table] as never)
      .execute()) as Array<Record<string, unknown>>;
    out[table] = rows
      .map((row) =>
        [...keys[table], ...values[table]].map((column) => String(Number(row[column]) || row[column])).join('|'),
      )
      .filter((line) =>
        values[table].some((column, index) => Number(line.split('|')[keys[table].length + index]) !== 0),
      )
      .sort();
  }
  return out;
}

/** A random answer each question accepts: one of its offered answers, or a right or wrong text. */
function randomAnswers(records: readonly VersionedQuestion[]): Map<string, string> {
  return new Map(
    records.map((question) => {
      if (question.questionType === 'fill_in_the_blanks') {
        return [question.id, random() < 0.6 ? ` ${question.correctAnswer.toUpperCase()} ` : 'something else'];
      }
      const offered =
        question.questionType === 'mcq' && question.options.length > 0 ? question.options : ['true', 'false'];
      // Right more often than chance, so the figures have something to show.
      return [question.id, random() < 0.4 ? question.correctAnswer : pick(offered)];
    }),
  );
}

const total = 10_000;

it('rebuilding from the stored answers gives exactly the aggregates the submissions kept', async () => {
  const { app } = subject;
  const first = await questionSet(app).latest();
  // An edit of a question (its key moved) makes the second version.
  const edited = (await currentQuestions(app)).find((q) => q.questionType === 'mcq')!;
  const response = await call(app, 'PUT', `/api/admin/updatequestion/${edited.id}`, {
    token: subject.token,
    payload: {
      question: `${edited.question} (edited)`,
      correctAnswer: edited.options.find((o) => o !== edited.correctAnswer)!,
      questionType: 'mcq',
      options: edited.options,
      category: edited.category.name,
    },
  });
  expect(response.statusCode).toBe(200);
  questionSet(app).invalidate();
  const second = await questionSet(app).latest();
  expect(second.version).not.toBe(first.version);
  const versions = [first, second];

  // Participants, consented, held by one session, pinned to a version; a third with saved times.
  const session = 'rebuild-session';
  const people = Array.from({ length: total }, (_, n) => ({
    id: randomUUID(),
    n,
    set: n % 3 === 0 ? first : second,
  }));
  const now = new Date().toISOString();
  for (let start = 0; start < people.length; start += 500) {
    const chunk = people.slice(start, start + 500);
    await app.db
      .insertInto('participants')
      .values(
        chunk.map(({ id, n, set }) => ({
          id,
          name: `Random ${n}`,
          name_lower: `random ${n}`,
          email: `random${n}@rebuild.example`,
          email_lower: `random${n}@rebuild.example`,
          phone: '+923001234567',
          created_at: now,
          updated_at: now,
          owner_session: session,
          question_set_version: set.version,
        })),
      )
      .execute();
    const timed = chunk.filter(({ n }) => n % 3 === 1);
    const times = timed.flatMap(({ id, set }) =>
      set.records.map((question) => ({
        participant_id: id,
        question_id: question.id,
        user_answer: 'x',
        answered_at: now,
        time_ms: random() < 0.1 ? 0 : Math.floor(random() * random() * 400_000),
      })),
    );
    for (let at = 0; at < times.length; at += 500) {
      await app.db
        .insertInto('progress_answers')
        .values(times.slice(at, at + 500))
        .execute();
    }
  }
  await consentedFor(
    app.db,
    people.map(({ id }) => id),
    session,
  );

  const submission = (person: (typeof people)[number]): NewSubmission => {
    const score = scoreAnswers(person.set.records, randomAnswers(person.set.records));
    // Spread over four months, so both day and month rows are many.
    const createdAt = new Date(Date.UTC(2025, 0, 15) + Math.floor(random() * 115 * 86_400_000)).toISOString();
    return {
      result: {
        id: timeOrderedId(),
        participantId: person.id,
        sessionId: session,
        ...score.totals,
        createdAt,
        questionSetVersion: person.set.version,
      },
      // One category's stored name holds quotes, braces, a comma and backslashes, which the JSON
      // of SQLite's grouped rows must carry as they are: the reports' percent counts are kept by name.
      categories: score.categories.map((figure, index) =>
        index === 0 ? { ...figure, categoryName: `${figure.categoryName} "quoted", {braced} \\ back\\slash` } : figure,
      ),
      answers: score.answers,
      currentVersion: second.version,
      insight: insightCodes(person.set.records, score.answers),
    };
  };
  let skipped = 0;
  let repeated = 0;
  for (let start = 0; start < people.length; start += 250) {
    const batch = people.slice(start, start + 250).map(submission);
    // In every other batch, a participant of an earlier batch again: the writer skips them, and so
    // must the aggregates. A batch stored whole adds the rows grouped as it was composed; one with a
    // skip adds what the statements group from the results stored: both are checked.
    if ((start / 250) % 2 === 1) {
      batch.push(submission(people[Math.floor(random() * start)]!));
      repeated += 1;
    }
    const stored = await insertSubmissions(app.db, batch);
    skipped += batch.length - stored.size;
  }
  expect(skipped).toBe(repeated);
  expect(repeated).toBe(people.length / 500);

  // Erasures: their results leave the aggregates with them.
  const erased = new Set<string>();
  while (erased.size < 300) erased.add(pick(people).id);
  for (const id of erased) {
    const counts = await app.db
      .transaction()
      .execute((trx) => eraseWithin(trx, isPostgres(app.db) ? 'postgres' : 'sqlite', id, 'request'));
    expect(counts?.results).toBe(1);
  }

  const read = (query: string) =>
    call(app, 'GET', `/api/admin/insights${query}`, { token: subject.token }).then((r) => {
      expect(r.statusCode).toBe(200);
      return r.json();
    });
  const queries = versions.flatMap(({ version }) => [
    `?version=${version}`,
    `?version=${version}&from=2025-02-10&to=2025-04-03`,
    `?version=${version}&from=2025-03-01&to=2025-03-31`,
    `?version=${version}&to=2025-02-14`,
  ]);
  const incremental = await snapshot();
  const figuresBefore = await Promise.all(queries.map(read));
  expect(figuresBefore[0].cohort.participants + figuresBefore[4].cohort.participants).toBe(total - erased.size);
  expect(incremental.insight_times!.length).toBeGreaterThan(0);

  // The results page's summary from the same aggregates: as a count of the rows gives it.
  for (const [from, to] of [
    ['2025-01-01', '2025-12-31'],
    ['2025-02-10', '2025-04-03'],
    ['2025-03-15', '2025-03-15'],
  ]) {
    const page = await call(app, 'GET', `/api/admin/getquizresult?from=${from}&to=${to}&passed=false`, {
      token: subject.token,
    });
    const rows = await app.db
      .selectFrom('results')
      .select((eb) => [
        eb.fn.countAll().as('total'),
        eb.fn.sum('passed').as('passed'),
        eb.fn.avg('percent').as('average'),
      ])
      .where('created_at', '>=', `${from}T00:00:00.000Z`)
      .where('created_at', '<=', `${to}T23:59:59.999Z`)
      .executeTakeFirstOrThrow();
    const counted = { total: Number(rows.total), passed: Number(rows.passed ?? 0) };
    expect(page.json()).toMatchObject({
      totalResults: counted.total - counted.passed,
      summary: {
        ...counted,
        failed: counted.total - counted.passed,
        averagePercent: counted.total === 0 ? 0 : Math.round(Number(rows.average)),
      },
    });
  }

  expect(await rebuildAggregates(app.db)).toBe(total - erased.size);
  expect(await snapshot()).toEqual(incremental);
  expect(await Promise.all(queries.map(read))).toEqual(figuresBefore);
});
