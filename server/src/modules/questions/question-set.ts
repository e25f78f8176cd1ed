import { createHash } from 'node:crypto';
import { getQuestionsResponseSchema, type GetQuestionsResponse } from '@prometrica/shared-api/contract';
import { perDatabase } from '../../db/per-database';
import type { Executor, Store } from '../../db/types';
import { PreparedJson } from '../../lib/json-reply';
import {
  findQuestionSetVersion,
  findQuestionSetVersionByHash,
  insertQuestionSetVersion,
  listQuestionsInQuizOrder,
  type QuestionRecord,
} from './repository';

/**
 * How long a prepared question list is served before it is read again. Writes through this
 * process drop it at once; this bounds how long another process behind the same database can
 * serve the list from before an admin's edit.
 */
export const questionSetTtlMs = 1000;

/** Versions other than the current one kept prepared (each a few tens of KB); older ones are read again. */
export const keptVersions = 64;

/** What a version keeps of a question: what scoring and the participants' list need, no timestamps. */
export type VersionedQuestion = Pick<
  QuestionRecord,
  'id' | 'question' | 'correctAnswer' | 'questionType' | 'options' | 'category'
>;

/** Every question in quiz order as participants see it: never with its correct answer. */
export function participantQuestions(questions: readonly VersionedQuestion[]): GetQuestionsResponse {
  return {
    message: 'Questions fetched successfully',
    // Built field by field: the correct answer must not ride along.
    questions: questions.map((question) => ({
      _id: question.id,
      question: question.question,
      options: question.options,
      questionType: question.questionType,
      category: { _id: question.category.id, name: question.category.name },
    })),
  };
}

/** A question set as a version keeps it: the same fields in the same order, so equal sets hash equal. */
function versionedQuestions(records: readonly QuestionRecord[]): VersionedQuestion[] {
  return records.map((record) => ({
    id: record.id,
    question: record.question,
    correctAnswer: record.correctAnswer,
    questionType: record.questionType,
    options: record.options,
    category: { id: record.category.id, name: record.category.name },
  }));
}

/** The answers a choice question offers, in order; none for fill in the blanks. */
export function offeredAnswers(question: Pick<VersionedQuestion, 'questionType' | 'options'>): readonly string[] {
  if (question.questionType === 'fill_in_the_blanks') return [];
  if (question.questionType === 'mcq' && question.options.length > 0) return question.options;
  // True/false, and a multiple-choice question without options (the participant app offers True and False).
  return ['True', 'False'];
}

/**
 * How a version's questions take answers: each question's position by id and, by position, the
 * first index of each answer it offers by that answer's text trimmed and in lower case (as scoring
 * compares answers), or null for a fill-in-the-blanks question, which takes any answer. Checking
 * an answer and finding its Insights code both read this one rule.
 */
export interface AnswerLayout {
  positionOf: ReadonlyMap<string, number>;
  choices: ReadonlyArray<ReadonlyMap<string, number> | null>;
}

/** Made once per version's records: every answer of every submission is looked up here. */
const answerLayouts = new WeakMap<readonly VersionedQuestion[], AnswerLayout>();

export function answerLayout(records: readonly VersionedQuestion[]): AnswerLayout {
  let layout = answerLayouts.get(records);
  if (!layout) {
    layout = {
      positionOf: new Map(records.map((record, position) => [record.id, position])),
      choices: records.map((record) => {
        if (record.questionType === 'fill_in_the_blanks') return null;
        const indexes = new Map<string, number>();
        offeredAnswers(record).forEach((offered, index) => {
          const key = offered.trim().toLowerCase();
          // The first of two options that read the same, as findIndex would find it.
          if (!indexes.has(key)) indexes.set(key, index);
        });
        return indexes;
      }),
    };
    answerLayouts.set(records, layout);
  }
  return layout;
}

/**
 * Whether `answer` may be given to question `questionId` of a version: `unknown-question` when the
 * version has no such question, `not-an-option` when a multiple-choice or true/false question does
 * not offer it (compared trimmed, ignoring case), else `fits` (an empty answer is no answer yet).
 */
export function answerFit(
  set: Pick<QuestionSetVersion, 'records'>,
  questionId: string,
  answer: string,
): 'fits' | 'unknown-question' | 'not-an-option' {
  const layout = answerLayout(set.records);
  const position = layout.positionOf.get(questionId);
  if (position === undefined) return 'unknown-question';
  const offered = layout.choices[position];
  if (!offered) return 'fits';
  const given = answer.trim().toLowerCase();
  return given === '' || offered.has(given) ? 'fits' : 'not-an-option';
}

/** One question set version: its records (for scoring) and the participants' reply, prepared once. */
export interface QuestionSetVersion {
  version: number;
  records: readonly VersionedQuestion[];
  reply: PreparedJson;
  /** The records as the version row stores them (JSON). */
  json: string;
}

/** One read of the question bank. */
interface Snapshot extends QuestionSetVersion {
  readAt: number;
}

function preparedReply(records: readonly VersionedQuestion[], previous?: PreparedJson): PreparedJson {
  const checked = getQuestionsResponseSchema.safeParse(participantQuestions(records));
  if (!checked.success) throw new Error(`the participant question list breaks its contract: ${checked.error.message}`);
  const text = JSON.stringify(checked.data);
  return previous && previous.text === text ? previous : new PreparedJson(text);
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * The question bank in quiz order, read once and shared: the records submissions are scored
 * against, and the `GET user/getquestion` reply (the same for every participant) checked against
 * its contract, serialised and compressed once. An expired read is still served while a single
 * reload runs (the reply kept when nothing changed); `invalidate()` makes the next call wait for a
 * fresh read.
 *
 * Each set served is a version (`question_set_versions`, keyed by the SHA-256 of its records): a
 * read that finds the set changed looks its version up, storing it when it is new. Versions never
 * change, so each one asked for is prepared once and kept (`version(n)`).
 */
export class QuestionSet {
  private current: Snapshot | undefined;
  private reload: Promise<Snapshot> | undefined;
  private generation = 0;
  private readonly versions = new Map<number, Promise<QuestionSetVersion | undefined>>();

  constructor(
    private readonly store: Store,
    private readonly now: () => number = Date.now,
  ) {}

  async reply(): Promise<PreparedJson> {
    return (await this.snapshot()).reply;
  }

  /**
   * The reply as `reply()` gives it, at once while the set read last is fresh (almost every call):
   * the route sends it without a promise. A promise only when the set is read again.
   */
  replyNow(): PreparedJson | Promise<PreparedJson> {
    const current = this.current;
    if (current && this.now() - current.readAt < questionSetTtlMs) return current.reply;
    return this.reply();
  }

  async records(): Promise<readonly VersionedQuestion[]> {
    return (await this.snapshot()).records;
  }

  /** The set participants get now, with its version. */
  latest(): Promise<QuestionSetVersion> {
    return this.snapshot();
  }

  /**
   * Version `version` of the set (undefined when there is none): the current one as it is served,
   * any other prepared on first use and kept.
   */
  async version(version: number): Promise<QuestionSetVersion | undefined> {
    const current = this.current;
    if (current && current.version === version) return current;
    const kept = this.versions.get(version);
    if (kept) return kept;
    const reading = this.readVersion(version);
    this.keep(version, reading);
    const found = await reading;
    // An unknown version may yet be stored (by this or another process): only found ones are kept.
    if (!found && this.versions.get(version) === reading) this.versions.delete(version);
    return found;
  }

  private keep(version: number, value: Promise<QuestionSetVersion | undefined>): void {
    if (!this.versions.has(version) && this.versions.size >= keptVersions) {
      this.versions.delete(this.versions.keys().next().value!);
    }
    this.versions.set(version, value);
    // A failed read is read again next time.
    value.catch(() => {
      if (this.versions.get(version) === value) this.versions.delete(version);
    });
  }

  private async readVersion(version: number): Promise<QuestionSetVersion | undefined> {
    const row = await findQuestionSetVersion(this.store.db, version);
    if (!row) return undefined;
    const records = JSON.parse(row.questions) as VersionedQuestion[];
    return { version, records, reply: preparedReply(records), json: row.questions };
  }

  private async snapshot(): Promise<Snapshot> {
    const current = this.current;
    if (current && this.now() - current.readAt < questionSetTtlMs) return current;
    const reload = (this.reload ??= this.read());
    if (!current) return reload;
    // Served stale meanwhile: a failed reload is retried by the next call, and must not go unhandled.
    reload.catch(() => {});
    return current;
  }

  /** Call after any change to questions or categories. */
  invalidate(): void {
    this.generation += 1;
    this.current = undefined;
    this.reload = undefined;
  }

  private async read(): Promise<Snapshot> {
    const generation = this.generation;
    const previous = this.current;
    try {
      const records = versionedQuestions(await listQuestionsInQuizOrder(this.store.db));
      const json = JSON.stringify(records);
      // Unchanged since the last read (the usual case): the same version and the same prepared reply.
      const same = previous && previous.json === json ? previous : undefined;
      const version = same ? same.version : await storeQuestionSetVersion(this.store.db, json);
      const reply = same ? same.reply : preparedReply(records, previous?.reply);
      const snapshot: Snapshot = { version, records, reply, json, readAt: this.now() };
      if (generation === this.generation) {
        // The set served until now stays available by its version.
        if (previous && previous.version !== version) this.keep(previous.version, Promise.resolve(previous));
        this.current = snapshot;
      }
      return snapshot;
    } finally {
      if (generation === this.generation) this.reload = undefined;
    }
  }
}

/**
 * The version number of a set (its records as JSON), stored when it is new. The next number is
 * taken in the insert itself; two processes storing different sets at once may take the same
 * number, and the loser's insert does nothing: it reads again and takes the next one.
 */
export async function storeQuestionSetVersion(db: Executor, json: string): Promise<number> {
  const hash = sha256(json);
  for (let attempt = 0; attempt < 20; attempt++) {
    const found = await findQuestionSetVersionByHash(db, hash);
    if (found !== undefined) return found;
    await insertQuestionSetVersion(db, { hash, questions: json, createdAt: new Date().toISOString() });
  }
  throw new Error('could not store the question set version: every attempt lost to another writer');
}

/** The question set of one database (one per app). */
export const questionSet = perDatabase((store) => new QuestionSet(store));
