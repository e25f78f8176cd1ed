import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type {
  AuditAction,
  AuditEntry,
  AuditExportResponse,
  AuditListFilters,
  AuditListResponse,
  AuditRetention,
} from '@prometrica/shared-api/contract';
import type { Executor, Store } from '../../db/types';
import { toCsv } from '../../lib/csv';
import { pageWindow } from '../../lib/pagination';
import { findSetting, upsertSetting } from '../settings/service';
import {
  countAuditRows,
  findSnapshotRow,
  insertAuditRow,
  listAuditRows,
  purgeAuditRows,
  type AuditRow,
  type SnapshotTable,
} from './repository';

// The audit log (docs/operations.md, "Audit log"): who did what, when, from which address, with
// the changed fields of an edit. Entries are only ever added; the database refuses to change them
// and to delete them except in the retention purge below.

/** Who acted: an account (from the request), an email typed at a failed sign-in, or the server. */
export interface AuditActor {
  id: string | null;
  email: string;
  role: string | null;
  address: string;
}

/** The server's own runs (retention, the log's purge). */
export const serverActor: AuditActor = { id: null, email: 'server', role: null, address: '' };

/** The signed-in account of a request and its client address. */
export function actorOf(request: FastifyRequest): AuditActor {
  const account = request.account;
  return account
    ? { id: account.id, email: account.email, role: account.role, address: request.ip }
    : { id: null, email: '', role: null, address: request.ip };
}

type Values = Record<string, unknown>;

export interface AuditRecord {
  action: AuditAction;
  targetType: string;
  targetId?: string | null;
  before?: Values | null;
  after?: Values | null;
}

/** Fields never written to the log: secrets, images, and copies kept only for searching. */
const leftOut = /^(password_hash|passwordHash|token|image_base64|imageBase64|resume_code|.*_lower|updated_at)$/;

function withoutSecrets(values: Values | null | undefined): Values | null {
  if (!values) return null;
  return Object.fromEntries(Object.entries(values).filter(([key]) => !leftOut.test(key)));
}

/** Adds one entry, inside the caller's transaction when it passes one. */
export async function record(
  executor: Executor,
  actor: AuditActor,
  entry: AuditRecord,
  now = new Date(),
): Promise<void> {
  const before = withoutSecrets(entry.before);
  const after = withoutSecrets(entry.after);
  await insertAuditRow(executor, {
    id: randomUUID(),
    at: now.toISOString(),
    actor_id: actor.id,
    actor_email: actor.email,
    actor_role: actor.role,
    address: actor.address,
    action: entry.action,
    target_type: entry.targetType,
    target_id: entry.targetId ?? null,
    before: before ? JSON.stringify(before) : null,
    after: after ? JSON.stringify(after) : null,
  });
}

/** The fields that differ between two versions of a row (secrets left out). */
export function changedFields(before: Values, after: Values): { before: Values; after: Values } {
  const changed = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (key) => !leftOut.test(key) && JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
  return {
    before: Object.fromEntries(changed.map((key) => [key, before[key]])),
    after: Object.fromEntries(changed.map((key) => [key, after[key]])),
  };
}

/** A stored row as the log shows it (secrets left out), to compare before and after an edit. */
export async function snapshot(db: Executor, table: SnapshotTable, id: string): Promise<Values | undefined> {
  const row = await findSnapshotRow(db, table, id);
  return row ? (withoutSecrets(row) ?? undefined) : undefined;
}

/**
 * Runs an edit or a deletion of one row and records it with the row's changed fields (an edit)
 * or the row as it was (a deletion). Nothing is recorded when the change fails.
 */
export async function auditedRowChange<T>(
  store: Store,
  actor: AuditActor,
  entry: { action: AuditAction; table: SnapshotTable; targetType: string; id: string },
  change: () => Promise<T>,
): Promise<T> {
  const before = await snapshot(store.db, entry.table, entry.id);
  const outcome = await change();
  const after = await snapshot(store.db, entry.table, entry.id);
  const values = before && after ? changedFields(before, after) : { before: before ?? null, after: after ?? null };
  await record(store.db, actor, { action: entry.action, targetType: entry.targetType, targetId: entry.id, ...values });
  return outcome;
}

/** Runs a create and records each row it stored (`ids` reads them from its reply) as stored. */
export async function auditedCreate<T>(
  store: Store,
  actor: AuditActor,
  entry: { action: AuditAction; table: SnapshotTable; targetType: string },
  ids: (outcome: T) => readonly string[],
  create: () => Promise<T>,
): Promise<T> {
  const outcome = await create();
  for (const id of ids(outcome)) {
    const after = await snapshot(store.db, entry.table, id);
    await record(store.db, actor, { action: entry.action, targetType: entry.targetType, targetId: id, after });
  }
  return outcome;
}

/** Runs a change of a setting and records the setting's value (`pick` of it) before and after. */
export async function auditedSettingChange<T>(
  store: Store,
  actor: AuditActor,
  entry: { action: AuditAction; key: string; read: () => Promise<T> },
  pick: (value: T) => Values,
  change: () => Promise<T>,
): Promise<T> {
  const before = await entry.read();
  const after = await change();
  await record(store.db, actor, {
    action: entry.action,
    targetType: 'setting',
    targetId: entry.key,
    before: pick(before),
    after: pick(after),
  });
  return after;
}

const parsed = (text: string | null): Values | null => (text === null ? null : (JSON.parse(text) as Values));

function toEntry(row: AuditRow): AuditEntry {
  return {
    _id: row.id,
    at: row.at,
    actorId: row.actor_id,
    actorEmail: row.actor_email,
    actorRole: row.actor_role,
    address: row.address,
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    before: parsed(row.before),
    after: parsed(row.after),
  };
}

/** `GET admin/audit-log`: one page, newest first. */
export async function listAuditLog(
  store: Store,
  query: AuditListFilters & { page: number; limit: number },
): Promise<AuditListResponse> {
  const { page, limit, ...filters } = query;
  const total = await countAuditRows(store.db, filters);
  const window = pageWindow(total, page, limit);
  const rows = await listAuditRows(store.db, filters, window);
  return { entries: rows.map(toEntry), totalEntries: total, page: window.page, totalPages: window.totalPages };
}

/** Entries read per query while exporting. */
const exportPage = 1000;
/** At most this many entries in one export (newest first), so one reply stays a few tens of MB. */
export const auditExportLimit = 100_000;

/**
 * `GET admin/audit-log/export`: the entries the filters match as CSV, read a page at a time; past
 * `limit` the newest ones only, and `truncated` says so.
 */
export async function exportAuditLog(
  store: Store,
  filters: AuditListFilters,
  now = new Date(),
  limit = auditExportLimit,
): Promise<AuditExportResponse> {
  const rows: string[][] = [
    ['at', 'actor', 'role', 'address', 'action', 'target type', 'target id', 'before', 'after'],
  ];
  let truncated = false;
  for (let offset = 0; ; offset += exportPage) {
    if (offset >= limit) {
      truncated = (await listAuditRows(store.db, filters, { limit: 1, offset: limit })).length > 0;
      break;
    }
    const wanted = Math.min(exportPage, limit - offset);
    const page = await listAuditRows(store.db, filters, { limit: wanted, offset });
    for (const row of page) {
      rows.push([
        row.at,
        row.actor_email,
        row.actor_role ?? '',
        row.address,
        row.action,
        row.target_type,
        row.target_id ?? '',
        row.before ?? '',
        row.after ?? '',
      ]);
    }
    if (page.length < wanted) break;
  }
  return { filename: `prometrica-audit-log-${now.toISOString().slice(0, 10)}.csv`, csv: toCsv(rows), truncated };
}

const retentionKey = 'audit_retention_months';
/** Months an entry is kept unless a superadmin sets otherwise. */
export const defaultAuditRetentionMonths = 24;

/** `GET admin/audit-retention`. */
export async function auditRetention(store: Store): Promise<AuditRetention> {
  const stored = Number(await findSetting(store.db, retentionKey));
  return { months: Number.isSafeInteger(stored) && stored > 0 ? stored : defaultAuditRetentionMonths };
}

/** `PUT admin/audit-retention`: recorded with the months before and after. */
export async function updateAuditRetention(store: Store, actor: AuditActor, months: number): Promise<AuditRetention> {
  const before = await auditRetention(store);
  await store.db.transaction().execute(async (trx) => {
    await upsertSetting(trx, retentionKey, String(months));
    await record(trx, actor, {
      action: 'setting.audit-retention',
      targetType: 'setting',
      targetId: retentionKey,
      before: { months: before.months },
      after: { months },
    });
  });
  return { months };
}

/** `months` calendar months before `now`, in UTC. */
function monthsEarlier(now: Date, months: number): Date {
  const date = new Date(now);
  date.setUTCMonth(date.getUTCMonth() - months);
  return date;
}

/**
 * Deletes the entries older than the retention setting, in one transaction with an entry saying
 * so (who: the server; how many, and up to when). Run with participant retention, every hour.
 */
export async function purgeAuditLog(store: Store, now = new Date()): Promise<number> {
  const { months } = await auditRetention(store);
  const cutoff = monthsEarlier(now, months).toISOString();
  return store.db.transaction().execute(async (trx) => {
    const deleted = await purgeAuditRows(trx, store.dialect, cutoff);
    if (deleted > 0) {
      await record(
        trx,
        serverActor,
        {
          action: 'audit.purge',
          targetType: 'audit-log',
          after: { deleted, olderThan: cutoff, months },
        },
        now,
      );
    }
    return deleted;
  });
}
