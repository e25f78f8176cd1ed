import type { StatsResponse } from '@prometrica/shared-api/contract';
import type { Store } from '../../db/types';
import { countAccounts } from '../users/service';
import { countParticipants, countPerMonth, countQuestions } from './repository';

const startOfMonth = (year: number, monthIndex: number) => new Date(Date.UTC(year, monthIndex, 1)).toISOString();

/** How many months of `year` have begun by `now` (UTC): 12 for a past year, none for a later one. */
function monthsBegun(year: number, now: Date): number {
  if (year < now.getUTCFullYear()) return 12;
  if (year > now.getUTCFullYear()) return 0;
  return now.getUTCMonth() + 1;
}

/**
 * `GET admin/stats`: the overview's figures, every one counted by the database. Participants and
 * staff accounts are counted apart (accounts by the users module, as the users list counts them);
 * "last month" is as they stood before the first day of the current month (UTC). The months are
 * those of `year` that have begun: no month still to come is drawn as a zero.
 */
export async function getStats(store: Store, year?: number, now = new Date()): Promise<StatsResponse> {
  const shownYear = year ?? now.getUTCFullYear();
  const monthStart = startOfMonth(now.getUTCFullYear(), now.getUTCMonth());
  const months = monthsBegun(shownYear, now);
  // Whole months (the last one up to its end): the participants' per-month counts answer them.
  const from = startOfMonth(shownYear, 0);
  const to = startOfMonth(shownYear, months);
  const [participants, questions, accounts, participantsMonthly, questionsMonthly] = await Promise.all([
    countParticipants(store.db, monthStart),
    countQuestions(store.db, monthStart),
    countAccounts(store.db, monthStart),
    countPerMonth(store.db, 'participants', from, to),
    countPerMonth(store.db, 'questions', from, to),
  ]);
  return {
    year: shownYear,
    totals: { ...accounts.now, participants: participants.now, questions: questions.now },
    lastMonth: { ...accounts.before, participants: participants.before, questions: questions.before },
    monthly: Array.from({ length: months }, (_, index) => ({
      month: index + 1,
      participants: participantsMonthly.get(index + 1) ?? 0,
      questions: questionsMonthly.get(index + 1) ?? 0,
    })),
    roles: [
      { role: 'superadmin', count: accounts.byRole.superadmin },
      { role: 'admin', count: accounts.byRole.admin },
      { role: 'user', count: accounts.byRole.user },
      { role: 'participant', count: participants.now },
    ],
  };
}
