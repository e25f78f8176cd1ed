// Submissions are written in batches: results and answers of many participants in one or two
// statements. A participant who already has a result keeps it, and one who is gone gets nothing,
// alone, without failing the others.
import { randomUUID } from 'node:crypto';
import { isPostgres } from '../../src/db/postgres/postgres';
import { findParticipantById, insertParticipantIfMissing } from '../../src/modules/participants/repository';
import { submissionWriter } from '../../src/modules/quiz/submission-writer';
import { encodeAnswers, encodeCategories } from '../../src/modules/results/codecs';
import { findResultByParticipant, findResultCategories, listAnswers } from '../../src/modules/results/queries';
import {
  insertSubmissions,
  submissionStatements,
  submissionsPerStatement,
  type NewSubmission,
} from '../../src/modules/results/submission-statements';
import { timeOrderedId } from '../../src/lib/ids';
import { build, type TestApp } from '../helpers/build';
import { consentedFor } from '../helpers/consent';

let subject: TestApp;
beforeAll(async () => {
  subject = await build();
});
afterAll(() => subject.close());

const at = '2025-06-01T10:00:00.000Z';

async function participant(name: string) {
  const id = randomUUID();
  await insertParticipantIfMissing(subject.app.db, {
    id,
    name,
    email: `${id}@writer.example`,
    phone: '0300',
    createdAt: at,
    updatedAt: at,
  });
  await consentedFor(subject.app.db, [id], 'session');
  return id;
}

function submission(participantId: string, answer: string, details: NewSubmission['details'] = {}): NewSubmission {
  const right = answer === 'Yes';
  return {
    result: {
      id: timeOrderedId(),
      participantId,
      sessionId: 'session',
      correct: right ? 1 : 0,
      wrong: right ? 0 : 1,
      total: 1,
      percent: right ? 100 : 0,
      passed: right,
      createdAt: at,
      questionSetVersion: null,
    },
    categories: [
      { categoryName: 'Ethics', correct: right ? 1 : 0, wrong: right ? 0 : 1, total: 1, percent: right ? 100 : 0 },
    ],
    answers: [
      {
        questionId: 'q1',
        questionText: 'Honest?',
        userAnswer: answer,
        correctAnswer: 'Yes',
        categoryName: 'Ethics',
        isCorrect: right,
      },
    ],
    details,
  };
}

test('a batch stores every new submission and skips, alone, a participant who already has a result or is gone', async () => {
  const db = subject.app.db;
  const [a, b, c] = [await participant('A'), await participant('B'), await participant('C')];
  const earlier = submission(c, 'Yes');
  expect(await insertSubmissions(db, [earlier])).toEqual(new Set([earlier.result.id]));

  const first = submission(a, 'Yes');
  const twin = submission(a, 'No'); // the same participant twice in one batch
  const second = submission(b, 'No');
  const again = submission(c, 'No');
  const gone = submission(randomUUID(), 'Yes'); // no such participant
  const stored = await db.transaction().execute((trx) => insertSubmissions(trx, [first, twin, gone, second, again]));
  expect(stored).toEqual(new Set([first.result.id, second.result.id]));

  expect((await findResultByParticipant(db, a))?.id).toBe(first.result.id);
  expect(await listAnswers(db, first.result.id)).toEqual(first.answers);
  expect(await findResultCategories(db, second.result.id)).toEqual(second.categories);
  // What was skipped left nothing behind; what was there is unchanged.
  expect(await listAnswers(db, twin.result.id)).toEqual([]);
  expect(await listAnswers(db, gone.result.id)).toEqual([]);
  expect(await findResultByParticipant(db, gone.result.participantId)).toBeUndefined();
  expect((await findResultByParticipant(db, c))?.id).toBe(earlier.result.id);
  expect(await listAnswers(db, earlier.result.id)).toEqual(earlier.answers);
});

test('a batch skips, alone, a submission of another session, of a participant without consent, or to another question set version', async () => {
  const db = subject.app.db;
  const held = await participant('Held');
  const unsigned = await participant('Unsigned');
  const pinned = await participant('Pinned');
  const unpinned = await participant('Unpinned');
  const versionless = await participant('Versionless');
  await db.deleteFrom('agreements').where('participant_id', '=', unsigned).execute();
  await db.updateTable('participants').set({ question_set_version: 3 }).where('id', '=', pinned).execute();
  const versioned = (participantId: string, version: number | null, currentVersion?: number) => {
    const write = submission(participantId, 'Yes');
    write.result.questionSetVersion = version;
    if (currentVersion !== undefined) write.currentVersion = currentVersion;
    return write;
  };
  const elsewhere = submission(held, 'Yes');
  elsewhere.result.sessionId = 'another session';
  const writes = [
    elsewhere,
    submission(unsigned, 'Yes'),
    versioned(pinned, 4, 4), // pinned to 3: another version
    versioned(pinned, 3, 4), // its own
    versioned(unpinned, 2, 3), // unpinned: the current version (3) is theirs, not 2
    versioned(versionless, null), // no version given: not checked (results from before versions)
  ];
  const stored = await insertSubmissions(db, writes);
  expect(stored).toEqual(new Set([writes[3]!.result.id, writes[5]!.result.id]));
  expect(await findResultByParticipant(db, pinned)).toMatchObject({ questionSetVersion: 3 });
  expect(await insertSubmissions(db, [versioned(unpinned, 3, 3)])).toHaveProperty('size', 1);
  expect(await findResultByParticipant(db, unpinned)).toMatchObject({ questionSetVersion: 3 });
  for (const participantId of [held, unsigned])
    expect(await findResultByParticipant(db, participantId)).toBeUndefined();
});

test('the writer answers each submission with whether it was stored, and writes the details of those stored', async () => {
  const db = subject.app.db;
  const [a, b] = [await participant('Before A'), await participant('Before B')];
  const writer = submissionWriter(subject.app);
  const outcomes = await Promise.all([
    writer.write(submission(a, 'Yes', { name: 'After A', phone: '0311' })),
    writer.write(submission(b, 'Yes', { name: 'After B' })),
    writer.write(submission(b, 'No', { name: 'Not stored' })),
  ]);
  expect(outcomes).toEqual([true, true, false]);
  expect(await findParticipantById(db, a)).toMatchObject({ name: 'After A', phone: '0311' });
  expect(await findParticipantById(db, b)).toMatchObject({ name: 'After B' });
});

test('the stored answers and figures are the text their codec writes, whatever the characters and numbers', async () => {
  const db = subject.app.db;
  const write = submission(await participant('Codec'), 'Oui — d’accord "quoted" \\ 😀');
  write.categories = [{ categoryName: 'Éthique', correct: 2, wrong: 1, total: 3, percent: 200 / 3 }];
  expect(await submissionWriter(subject.app).write(write)).toBe(true);
  const stored = await db
    .selectFrom('results')
    .innerJoin('result_answers', 'result_answers.result_id', 'results.id')
    .select(['results.categories', 'result_answers.answers'])
    .where('results.id', '=', write.result.id)
    .executeTakeFirstOrThrow();
  expect(stored).toEqual({ categories: encodeCategories(write.categories), answers: encodeAnswers(write.answers) });
  expect(await listAnswers(db, write.result.id)).toEqual(write.answers);
});

test('a carried detail equal to the stored one changes nothing; a carried email another participant holds is left out', async () => {
  const db = subject.app.db;
  const [same, mine, theirs] = [await participant('Same'), await participant('Mine'), await participant('Theirs')];
  const before = (await findParticipantById(db, same))!;
  const theirEmail = (await findParticipantById(db, theirs))!.email;
  const writer = submissionWriter(subject.app);
  const later = '2025-06-02T10:00:00.000Z';
  const carrying = (participantId: string, details: NewSubmission['details']) => {
    const write = submission(participantId, 'Yes', details);
    write.result.createdAt = later;
    return write;
  };
  expect(
    await Promise.all([
      writer.write(carrying(same, { name: before.name, email: before.email, phone: before.phone })),
      writer.write(carrying(mine, { name: 'Mine Renamed', email: theirEmail.toUpperCase() })),
    ]),
  ).toEqual([true, true]);
  // Nothing differed: the participant is as it was, its update time too.
  expect(await findParticipantById(db, same)).toEqual(before);
  expect(await findParticipantById(db, mine)).toMatchObject({
    name: 'Mine Renamed',
    email: `${mine}@writer.example`,
    updatedAt: later,
  });

  const another = await participant('Another');
  expect(await writer.write(carrying(another, { email: 'New.Address@Writer.example' }))).toBe(true);
  expect((await findParticipantById(db, another))?.email).toBe('New.Address@Writer.example');
  const lower = await db
    .selectFrom('participants')
    .select(['email_lower', 'name_lower'])
    .where('id', '=', mine)
    .executeTakeFirstOrThrow();
  expect(lower).toEqual({ email_lower: `${mine}@writer.example`, name_lower: 'mine renamed' });
  const newLower = await db
    .selectFrom('participants')
    .select('email_lower')
    .where('id', '=', another)
    .executeTakeFirstOrThrow();
  expect(newLower.email_lower).toBe('new.address@writer.example');
});

test('one call stores up to submissionsPerStatement submissions, each value a parameter; more are refused before anything is sent', async () => {
  const db = subject.app.db;
  const ids = Array.from({ length: submissionsPerStatement + 1 }, () => randomUUID());
  await db
    .insertInto('participants')
    .values(
      ids.map((id) => ({
        id,
        name: 'Many',
        name_lower: 'many',
        email: `${id}@many.example`,
        email_lower: `${id}@many.example`,
        phone: '0300',
        created_at: at,
        updated_at: at,
      })),
    )
    .execute();
  await consentedFor(db, ids, 'session');
  const many = ids.map((id) => submission(id, 'Yes'));
  expect(() => submissionStatements(db, many)).toThrow(
    `At most ${submissionsPerStatement} submissions are stored in one statement, not ${submissionsPerStatement + 1}`,
  );
  expect(await findResultByParticipant(db, ids[0]!)).toBeUndefined();

  const statements = submissionStatements(db, many.slice(0, submissionsPerStatement));
  // Each submission's values are bound on their own: no statement carries the submissions as one
  // document. PostgreSQL: 15 per submission (the two lists of the Insights codes among them) and the
  // batch's shard. SQLite sends the result ids again with the answers and with each of the five
  // aggregates' statements, the code lists to the two that read them; and the grouped rows, as one
  // list, to the tables that have some (here the totals and the percent counts: these results keep
  // no question set version).
  const parameters = statements.reduce((sum, statement) => sum + statement.parameters.length, 0);
  expect(parameters).toBe(isPostgres(db) ? submissionsPerStatement * 15 + 1 : submissionsPerStatement * 21 + 2);
  expect(await insertSubmissions(db, many.slice(0, submissionsPerStatement))).toEqual(
    new Set(many.slice(0, submissionsPerStatement).map((one) => one.result.id)),
  );
  const last = many[submissionsPerStatement - 1]!;
  expect(await listAnswers(db, last.result.id)).toEqual(last.answers);
  expect(await findResultCategories(db, last.result.id)).toEqual(last.categories);
  expect(await findResultByParticipant(db, ids[submissionsPerStatement]!)).toBeUndefined();
});
