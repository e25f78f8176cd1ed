import {
  isApiError,
  limits,
  progressApi,
  tooManyAttemptsMessage,
  type SaveAnswerBody,
  type SaveAnswerResponse,
  type SavedAnswer as ServerAnswer,
} from '@prometrica/shared-api';
import { answerQueueKey } from './quiz-progress';

// Every answer is saved on the server as it is given (docs/participation.md), in the background:
// the quiz moves on at once and the save waits here. Unsent saves are kept in browser storage, so a
// reload or a closed tab loses none, and are sent again, in order, with a growing pause between
// attempts, and at once when the browser says it is back online.

/** One unsent save. */
export interface QueuedAnswer {
  /** Tells two saves of the same question apart (the one in flight from a newer one). */
  id: string;
  questionId: string;
  userAnswer: string;
  questionSetVersion: number;
  /** Time spent on the question since it was shown or last saved, ms. */
  timeMs: number;
}

/** What the header says about saving. */
export type SaveState = 'idle' | 'saving' | 'saved' | 'offline' | 'retrying';

/** Why sending stopped until the screen starts it again (`resume`). */
export type QueueStop =
  /** The server wants the consent first (403, `error: 'consent_required'`). */
  | { kind: 'consent-required' }
  /** The server refuses this browser's token (401, or 403: started on another device). */
  | { kind: 'refused'; status: number; message: string };

export interface QueueSnapshot {
  state: SaveState;
  /** Saves not yet acknowledged by the server. */
  pending: number;
  stop: QueueStop | null;
  /** For `retrying`: how long the server asked to wait (429), in its words. */
  detail?: string;
}

/** How `drain` ended. */
export type DrainOutcome =
  | { kind: 'drained' }
  | { kind: 'timeout' }
  /** With `untilFailure`: an attempt failed (offline, or the server failing). */
  | { kind: 'failed' }
  | { kind: 'stopped'; stop: QueueStop };

export interface AnswerQueueOptions {
  send?: (body: SaveAnswerBody) => Promise<SaveAnswerResponse>;
  /** Pause before the n-th retry (1-based), ms. */
  backoff?: (attempt: number) => number;
}

const LOCK_NAME = 'prometrica-answer-queue';

/** How one send ended: acknowledged, nothing to send, a pause before retrying, stopped, refused for good. */
type Step = 'sent' | 'empty' | 'wait' | 'stop' | 'dropped';

/** 1 s, 2 s, 4 s … up to 30 s. */
export const defaultBackoff = (attempt: number) => Math.min(30_000, 1000 * 2 ** Math.max(0, attempt - 1));

function isQueued(value: unknown): value is QueuedAnswer {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.id === 'string' &&
    typeof v.questionId === 'string' &&
    typeof v.userAnswer === 'string' &&
    typeof v.questionSetVersion === 'number' &&
    typeof v.timeMs === 'number'
  );
}

let counter = 0;
const newId = () => `${Date.now().toString(36)}-${(counter++).toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

let storageChecked: { storage: Storage | undefined } | undefined;

/** Browser storage when it can be used; blocked storage (privacy settings) keeps the saves for this page only. */
function usableStorage(): Storage | undefined {
  if (!storageChecked) {
    try {
      localStorage.setItem('@storage-check', '1');
      localStorage.removeItem('@storage-check');
      storageChecked = { storage: localStorage };
    } catch {
      storageChecked = { storage: undefined };
    }
  }
  return storageChecked.storage;
}

/** The save queue of one page. */
export class AnswerQueue {
  private readonly send: (body: SaveAnswerBody) => Promise<SaveAnswerResponse>;
  private readonly backoff: (attempt: number) => number;
  private memory: QueuedAnswer[] = [];
  private snapshot: QueueSnapshot = { state: 'idle', pending: 0, stop: null };
  private readonly listeners = new Set<() => void>();
  private readonly savedListeners = new Set<(answers: ServerAnswer[], sent: QueuedAnswer) => void>();
  private readonly conflictListeners = new Set<() => void>();
  private running = false;
  /** Bumped by `clear`: a send still on its way from before is then ignored. */
  private generation = 0;
  private inFlight: string | undefined;
  private failures = 0;
  /** Failed attempts since the page loaded (never reset, unlike `failures`). */
  private failedAttempts = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /**
   * The `savedAt` of the last reply this page read, sent as `since`: the next reply then lists only
   * the answers saved since (usually the save itself) instead of every one.
   */
  private since: string | undefined;
  /** Bumped by `forgetSince`: the reply of a save sent before it does not set `since` again. */
  private sinceGeneration = 0;

  constructor(options: AnswerQueueOptions = {}) {
    this.send = options.send ?? ((body) => progressApi.saveAnswer(body));
    this.backoff = options.backoff ?? defaultBackoff;
    if (typeof window !== 'undefined') {
      window.addEventListener('online', () => this.kick());
      window.addEventListener('offline', () => {
        if (this.read().length > 0 && !this.snapshot.stop) this.update({ state: 'offline' });
      });
      // Another tab queued or sent saves: the count follows (that tab sends its own).
      window.addEventListener('storage', (event) => {
        if (event.key === answerQueueKey || event.key === null) this.update({});
      });
    }
  }

  /** The unsent saves, oldest first (other tabs of this browser share them). */
  read(): QueuedAnswer[] {
    const storage = usableStorage();
    if (!storage) return this.memory;
    try {
      const value = JSON.parse(storage.getItem(answerQueueKey) ?? '[]') as unknown;
      return Array.isArray(value) ? value.filter(isQueued) : [];
    } catch {
      return [];
    }
  }

  private write(entries: QueuedAnswer[]) {
    this.memory = entries;
    const storage = usableStorage();
    if (!storage) return;
    try {
      if (entries.length === 0) storage.removeItem(answerQueueKey);
      else storage.setItem(answerQueueKey, JSON.stringify(entries));
    } catch {
      // Storage full: the saves stay in memory for this page.
    }
  }

  getSnapshot = (): QueueSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /**
   * Called after each acknowledged save with the saved answers the server lists (this tab's and any
   * other's) and the save that was acknowledged: every answer for the first save of the page or
   * after `forgetSince`, then those saved since the reply before.
   */
  onSaved(listener: (answers: ServerAnswer[], sent: QueuedAnswer) => void): () => void {
    this.savedListeners.add(listener);
    return () => this.savedListeners.delete(listener);
  }

  /** Called when the server refused a save for good with 409 (a submission, or another question set). */
  onConflict(listener: () => void): () => void {
    this.conflictListeners.add(listener);
    return () => this.conflictListeners.delete(listener);
  }

  private update(change: Partial<QueueSnapshot>) {
    const next: QueueSnapshot = { ...this.snapshot, ...change, pending: this.read().length };
    // The reason for a retry belongs to that retry only.
    if (next.state !== 'retrying') next.detail = undefined;
    const same =
      next.state === this.snapshot.state &&
      next.pending === this.snapshot.pending &&
      next.stop === this.snapshot.stop &&
      next.detail === this.snapshot.detail;
    if (same) return;
    this.snapshot = next;
    for (const listener of this.listeners) listener();
  }

  /**
   * Queues the save of an answer and starts sending. An unsent save of the same question is
   * replaced (the last answer wins), its time added to this one's.
   */
  enqueue(answer: Omit<QueuedAnswer, 'id'>): void {
    const entries = this.read();
    const entry: QueuedAnswer = { ...answer, id: newId(), timeMs: Math.min(answer.timeMs, limits.answerTimeMs) };
    const earlier = entries.findIndex(
      (e) =>
        e.questionId === answer.questionId &&
        e.questionSetVersion === answer.questionSetVersion &&
        e.id !== this.inFlight,
    );
    if (earlier === -1) {
      entries.push(entry);
    } else {
      entry.timeMs = Math.min(entries[earlier]!.timeMs + entry.timeMs, limits.answerTimeMs);
      entries.splice(earlier, 1, entry);
    }
    this.write(entries);
    this.update({});
    // Sent just after the screen has moved on: the next question is painted first.
    if (!this.snapshot.stop) this.schedule(0);
  }

  /**
   * The next save's reply lists every saved answer again, not only those since the last reply: for
   * a screen that has just read the progress (replies read before it may have gone unmerged).
   */
  forgetSince(): void {
    this.since = undefined;
    this.sinceGeneration += 1;
  }

  /** Starts sending again after a stop (the screen that resolved it, e.g. a signed consent). */
  resume(): void {
    if (this.snapshot.stop) this.update({ stop: null });
    this.kick();
  }

  /** Sends what is queued now, instead of after the current pause. */
  kick(): void {
    if (this.snapshot.stop) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    void this.run();
  }

  /**
   * Sends what is queued now and resolves once every save is acknowledged, when sending stops
   * (`stopped`), after `timeoutMs` (`timeout`), or with `untilFailure` at the first failed attempt
   * (`failed`); otherwise it keeps waiting through retries and while offline.
   */
  drain({
    timeoutMs,
    untilFailure = false,
  }: { timeoutMs?: number; untilFailure?: boolean } = {}): Promise<DrainOutcome> {
    const failedBefore = this.failedAttempts;
    return new Promise((resolve) => {
      let timeout: ReturnType<typeof setTimeout> | undefined;
      const check = () => {
        const { stop } = this.snapshot;
        let outcome: DrainOutcome | undefined;
        if (stop) outcome = { kind: 'stopped', stop };
        else if (this.read().length === 0 && !this.running) outcome = { kind: 'drained' };
        else if (untilFailure && this.failedAttempts > failedBefore) outcome = { kind: 'failed' };
        if (!outcome) return false;
        finish(outcome);
        return true;
      };
      const finish = (outcome: DrainOutcome) => {
        unsubscribe();
        clearTimeout(timeout);
        resolve(outcome);
      };
      const unsubscribe = this.subscribe(() => void check());
      if (check()) return;
      if (timeoutMs !== undefined) timeout = setTimeout(() => finish({ kind: 'timeout' }), timeoutMs);
      this.kick();
    });
  }

  /** Forgets every unsent save and stops (logout, another participant on this browser). */
  clear(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.generation += 1;
    this.running = false;
    this.inFlight = undefined;
    this.failures = 0;
    this.forgetSince();
    this.write([]);
    this.snapshot = { state: 'idle', pending: 0, stop: null };
    for (const listener of this.listeners) listener();
  }

  private remove(id: string) {
    this.write(this.read().filter((e) => e.id !== id));
  }

  private schedule(delayMs: number) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.run();
    }, delayMs);
  }

  /** Sends the oldest save; other tabs of this browser take turns through a lock where there is one. */
  private async sendHead(): Promise<Step> {
    const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
    if (!locks?.request) return this.sendHeadNow();
    return (await locks.request(LOCK_NAME, () => this.sendHeadNow())) as Step;
  }

  private async sendHeadNow(): Promise<Step> {
    const generation = this.generation;
    const head = this.read()[0];
    if (!head) return 'empty';
    if (this.snapshot.state !== 'offline' && this.snapshot.state !== 'retrying') this.update({ state: 'saving' });
    this.inFlight = head.id;
    try {
      const { questionId, userAnswer, questionSetVersion, timeMs } = head;
      const { since, sinceGeneration } = this;
      const body: SaveAnswerBody = { questionId, userAnswer, questionSetVersion, timeMs };
      const reply = await this.send(since === undefined ? body : { ...body, since });
      if (generation !== this.generation) return 'stop';
      if (sinceGeneration === this.sinceGeneration) this.since = reply.savedAt;
      this.inFlight = undefined;
      this.remove(head.id);
      this.failures = 0;
      this.update({ state: this.read().length > 0 ? 'saving' : 'saved' });
      for (const listener of this.savedListeners) listener(reply.answers, head);
      return 'sent';
    } catch (error) {
      if (generation !== this.generation) return 'stop';
      this.inFlight = undefined;
      return this.failed(head, error);
    }
  }

  private failed(head: QueuedAnswer, error: unknown): Step {
    this.failedAttempts += 1;
    if (!isApiError(error) || error.status === 0) {
      this.failures += 1;
      this.update({ state: 'offline' });
      this.schedule(this.backoff(this.failures));
      return 'wait';
    }
    const { status, error: code, message, retryAfterSeconds } = error;
    if (status === 403 && code === 'consent_required') {
      this.update({ stop: { kind: 'consent-required' } });
      return 'stop';
    }
    if (status === 401 || status === 403) {
      this.update({ stop: { kind: 'refused', status, message } });
      return 'stop';
    }
    if (status === 429 || status === 408 || status >= 500) {
      this.failures += 1;
      const wait = status === 429 && retryAfterSeconds !== undefined ? retryAfterSeconds * 1000 : undefined;
      this.update({
        state: 'retrying',
        detail: status === 429 ? tooManyAttemptsMessage(retryAfterSeconds) : undefined,
      });
      this.schedule(wait ?? this.backoff(this.failures));
      return 'wait';
    }
    // Refused for good (400: not a question of the set; 409: submitted, or another set): sending it
    // again cannot help. The screen reads the progress again on a conflict.
    this.remove(head.id);
    if (status === 409) for (const listener of this.conflictListeners) listener();
    return 'dropped';
  }

  private async run() {
    if (this.running) return;
    this.running = true;
    const generation = this.generation;
    try {
      for (;;) {
        if (this.snapshot.stop) break;
        const outcome = await this.sendHead();
        if (outcome === 'empty') {
          this.update(this.snapshot.state === 'idle' ? {} : { state: 'saved' });
          break;
        }
        if (outcome === 'wait' || outcome === 'stop') break;
      }
    } finally {
      if (generation === this.generation) this.running = false;
      this.update({});
      // A check in `drain` waits for the loop to end: tell it.
      for (const listener of this.listeners) listener();
    }
  }
}

/** The page's queue (the participant remote is loaded once per page). */
export const answerQueue = new AnswerQueue();

/**
 * The answers as this browser knows them: the server's `saved` ones, then this tab's saves
 * acknowledged while they were on their way (`acked`: a progress read may predate them), then,
 * with `pending`, the saves still to send (they are the newest).
 */
export function answersWithLocal(
  saved: readonly ServerAnswer[],
  version: number,
  { acked = [], pending = true }: { acked?: readonly QueuedAnswer[]; pending?: boolean } = {},
): Record<string, string> {
  const answers: Record<string, string> = {};
  for (const a of saved) answers[a.questionId] = a.userAnswer;
  for (const entry of [...acked, ...(pending ? answerQueue.read() : [])]) {
    if (entry.questionSetVersion === version) answers[entry.questionId] = entry.userAnswer;
  }
  return answers;
}
