import {
  retentionPreviewListed,
  type RetentionPreview,
  type RetentionRunResponse,
  type RetentionSettings,
} from '@prometrica/shared-api/contract';
import type { Store } from '../../db/types';
import { purgeAuditLog } from '../audit/service';
import { findSetting, upsertSetting } from '../settings/service';
import { listSubmittedBefore, countSubmittedBefore, tryRetentionLock } from './repository';
import { eraseWithin } from './service';

// Retention (docs/participation.md, "Export and erasure"): with the setting on, participants are
// erased N months after they submitted. Off unless an admin turns it on. A run happens every hour
// in each server process and on demand; on PostgreSQL an advisory lock makes the processes take
// turns, each batch selecting and erasing under it, so two never erase at once.

const monthsKey = 'retention_months';
const lastRunKey = 'retention_last_run';
/** Participants erased per transaction, so a large first run does not hold the database long. */
const batchSize = 100;
/** How often each server process runs retention, and how soon after it starts. */
export const retentionIntervalMs = 60 * 60 * 1000;
const retentionFirstRunMs = 60 * 1000;

/** The stored setting: a whole number of months, or null (off). */
export async function retentionMonths(store: Store): Promise<number | null> {
  const stored = await findSetting(store.db, monthsKey);
  const months = stored === undefined ? Number.NaN : Number(stored);
  return Number.isSafeInteger(months) && months > 0 ? months : null;
}

async function lastRun(store: Store): Promise<RetentionSettings['lastRun']> {
  const stored = await findSetting(store.db, lastRunKey);
  if (stored === undefined) return null;
  try {
    const value = JSON.parse(stored) as { at?: unknown; erased?: unknown };
    return typeof value.at === 'string' && typeof value.erased === 'number'
      ? { at: value.at, erased: value.erased }
      : null;
  } catch {
    return null;
  }
}

/** `GET admin/retention`. */
export async function retentionSettings(store: Store): Promise<RetentionSettings> {
  const [months, run] = await Promise.all([retentionMonths(store), lastRun(store)]);
  return { months, lastRun: run };
}

/** `PUT admin/retention`: null turns it off. */
export async function updateRetention(store: Store, months: number | null): Promise<RetentionSettings> {
  await upsertSetting(store.db, monthsKey, months === null ? 'off' : String(months));
  return retentionSettings(store);
}

/**
 * `months` calendar months before `now` (UTC), the day kept where the month has it and the month's
 * last day otherwise (31 March less one month is 28 or 29 February).
 */
export function monthsBefore(now: Date, months: number): Date {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() - months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      year,
      month,
      Math.min(now.getUTCDate(), lastDay),
      now.getUTCHours(),
      now.getUTCMinutes(),
      now.getUTCSeconds(),
      now.getUTCMilliseconds(),
    ),
  );
}

/** `GET admin/retention/preview`: who a run now would erase (the first `retentionPreviewListed`, all counted). */
export async function retentionPreview(store: Store, now = new Date()): Promise<RetentionPreview> {
  const months = await retentionMonths(store);
  if (months === null) return { months, cutoff: null, count: 0, participants: [] };
  const cutoff = monthsBefore(now, months).toISOString();
  const [count, listed] = await Promise.all([
    countSubmittedBefore(store.db, cutoff),
    listSubmittedBefore(store.db, cutoff, retentionPreviewListed),
  ]);
  return {
    months,
    cutoff,
    count,
    participants: listed.map((participant) => ({
      _id: participant.id,
      name: participant.name,
      email: participant.email,
      submittedAt: participant.submittedAt,
    })),
  };
}

/**
 * One batch in one transaction under the lock: the next participants past retention, each erased
 * through the one erasure function. Undefined when another process holds the lock.
 */
async function eraseBatch(store: Store, cutoff: string): Promise<number | undefined> {
  return store.db.transaction().execute(async (trx) => {
    if (!(await tryRetentionLock(trx, store.dialect))) return undefined;
    const expired = await listSubmittedBefore(trx, cutoff, batchSize);
    let erased = 0;
    for (const participant of expired) {
      if (await eraseWithin(trx, store.dialect, participant.id, 'retention')) erased += 1;
    }
    return erased;
  });
}

/**
 * Erases every participant past retention (nothing when it is off): what the hourly run and
 * `POST admin/retention/run` do. When another process is running it, this one stops and reports
 * what it erased itself (the last run is then the other's to record).
 */
export async function runRetention(store: Store, now = new Date()): Promise<RetentionRunResponse> {
  const months = await retentionMonths(store);
  if (months === null) return { message: 'Retention is off: nobody was erased', erased: 0 };
  const cutoff = monthsBefore(now, months).toISOString();
  let erased = 0;
  for (;;) {
    const batch = await eraseBatch(store, cutoff);
    if (batch === undefined && erased === 0) {
      return { message: 'Another server process is running retention now: it erases them', erased: 0 };
    }
    if (batch === undefined || batch === 0) break;
    erased += batch;
    if (batch < batchSize) break;
  }
  await upsertSetting(store.db, lastRunKey, JSON.stringify({ at: now.toISOString(), erased }));
  return {
    message: erased === 1 ? '1 participant erased' : `${erased} participants erased`,
    erased,
  };
}

/** The hourly run of one server process. */
export interface RetentionSchedule {
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>;
}

/**
 * Runs retention a minute after start (`firstAfterMs`), then every `intervalMs`, one run at a time
 * in this process (a server restarted more often than hourly still runs it); the timers do not keep
 * the process alive. Failures are reported and the next run tries again.
 */
export function scheduleRetention(
  store: Store,
  onError: (error: unknown) => void,
  intervalMs = retentionIntervalMs,
  firstAfterMs = retentionFirstRunMs,
): RetentionSchedule {
  let running: Promise<void> | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout;
  const next = (delayMs: number) => {
    timer = setTimeout(() => {
      // The audit log's entries past its own retention go in the same hourly run.
      running = runRetention(store)
        .then(() => purgeAuditLog(store))
        .then(
          () => undefined,
          (error: unknown) => onError(error),
        )
        .finally(() => {
          running = undefined;
          if (!stopped) next(intervalMs);
        });
    }, delayMs);
    timer.unref();
  };
  next(firstAfterMs);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
