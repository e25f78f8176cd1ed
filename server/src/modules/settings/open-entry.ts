import { perDatabase } from '../../db/per-database';
import type { Store } from '../../db/types';
import { findSetting, upsertSetting } from './repository';

const openEntryKey = 'open_entry';

/**
 * How long a read of the open-entry setting is trusted. A change through this process applies at
 * once; another process on the same PostgreSQL reads it again within this time (as the question
 * set does), so a switched-off `/` stops taking new participants everywhere within a second.
 */
export const openEntryTtlMs = 1000;

/**
 * Whether `/` takes new participants (open entry) or only invitations; on unless an admin turned it
 * off. Read at most once per `openEntryTtlMs` however many participants enter meanwhile.
 */
export class OpenEntrySetting {
  private cached: { value: boolean; readAt: number } | undefined;
  private reading: Promise<boolean> | undefined;
  /** Bumped by every write, so a read that began before it does not put the old value back. */
  private generation = 0;

  constructor(
    private readonly store: Store,
    private readonly now: () => number = Date.now,
  ) {}

  async get(): Promise<boolean> {
    const cached = this.cached;
    if (cached && this.now() - cached.readAt < openEntryTtlMs) return cached.value;
    return (this.reading ??= this.read());
  }

  async set(value: boolean): Promise<boolean> {
    await upsertSetting(this.store.db, openEntryKey, value ? 'on' : 'off');
    this.generation += 1;
    this.cached = { value, readAt: this.now() };
    this.reading = undefined;
    return value;
  }

  private async read(): Promise<boolean> {
    const generation = this.generation;
    try {
      const value = (await findSetting(this.store.db, openEntryKey)) !== 'off';
      if (generation === this.generation) this.cached = { value, readAt: this.now() };
      return value;
    } finally {
      if (generation === this.generation) this.reading = undefined;
    }
  }
}

/** The open-entry setting of one database (one per app). */
export const openEntrySetting = perDatabase((store) => new OpenEntrySetting(store));
