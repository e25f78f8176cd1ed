import { getQuestionsResponseSchema, type GetQuestionsResponse } from '@prometrica/shared-api/contract';
import { perDatabase } from '../../db/per-database';
import type { Store } from '../../db/types';
import { PreparedJson } from '../../lib/json-reply';
import { listQuestionsInQuizOrder, type QuestionRecord } from './repository';

/**
 * How long a prepared question list is served before it is read again. Writes through this
 * process drop it at once; this bounds how long another process behind the same database can
 * serve the list from before an admin's edit.
 */
export const questionSetTtlMs = 1000;

/** Every question in quiz order as participants see it: never with its correct answer. */
export function participantQuestions(questions: readonly QuestionRecord[]): GetQuestionsResponse {
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

/** One read of the question bank: the records (for scoring) and the participants' reply. */
interface Snapshot {
  records: readonly QuestionRecord[];
  reply: PreparedJson;
  readAt: number;
}

/**
 * The question bank in quiz order, read once and shared: the records submissions are scored
 * against, and the `GET user/getquestion` reply (the same for every participant) checked against
 * its contract, serialised and compressed once. An expired read is still served while a single
 * reload runs (the reply kept when nothing changed); `invalidate()` makes the next call wait for a
 * fresh read.
 */
export class QuestionSet {
  private current: Snapshot | undefined;
  private reload: Promise<Snapshot> | undefined;
  private generation = 0;

  constructor(
    private readonly store: Store,
    private readonly now: () => number = Date.now,
  ) {}

  async reply(): Promise<PreparedJson> {
    return (await this.snapshot()).reply;
  }

  async records(): Promise<readonly QuestionRecord[]> {
    return (await this.snapshot()).records;
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
    try {
      const records = await listQuestionsInQuizOrder(this.store.db);
      const checked = getQuestionsResponseSchema.safeParse(participantQuestions(records));
      if (!checked.success)
        throw new Error(`the participant question list breaks its contract: ${checked.error.message}`);
      const text = JSON.stringify(checked.data);
      const previous = this.current?.reply;
      const reply = previous && previous.text === text ? previous : new PreparedJson(text);
      const snapshot = { records, reply, readAt: this.now() };
      if (generation === this.generation) this.current = snapshot;
      return snapshot;
    } finally {
      if (generation === this.generation) this.reload = undefined;
    }
  }
}

/** The question set of one database (one per app). */
export const questionSet = perDatabase((store) => new QuestionSet(store));
