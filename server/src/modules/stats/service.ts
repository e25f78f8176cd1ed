import type { StatsResponse } from '@prometrica/shared-api/contract';
import type { Store } from '../../db/types';
import { countAccountsByRole, countParticipants, countPerMonth, countQuestions } from './repository';

const startOfYear = (year: number) => new Date(Date.UTC(year, 0, 1)).toISOString();

/**
 * `GET admin/stats`: the overview's figures, every one counted by the database. Users are
 * participants plus accounts of role user; admins are admin and superadmin accounts; "last month"
 * is as they stood before the first day of the current month (UTC).
 */
export async function getStats(store: Store, year?: number, now = new Date()): Promise<StatsResponse> {
  const shownYear = year ?? now.getUTCFullYear();
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();
  const from = startOfYear(shownYear);
  const to = startOfYear(shownYear + 1);
  const [participants, questions, accounts, participantsMonthly, usersMonthly, questionsMonthly] = await Promise.all([
    countParticipants(store.db, monthStart),
    countQuestions(store.db, monthStart),
    countAccountsByRole(store.db, monthStart),
    countPerMonth(store.db, 'participants', from, to),
    countPerMonth(store.db, 'users', from, to),
    countPerMonth(store.db, 'questions', from, to),
  ]);
  return {
    year: shownYear,
    totals: {
      users: participants.now + accounts.user.now,
      questions: questions.now,
      admins: accounts.admin.now + accounts.superadmin.now,
    },
    lastMonth: {
      users: participants.before + accounts.user.before,
      questions: questions.before,
      admins: accounts.admin.before + accounts.superadmin.before,
    },
    monthly: Array.from({ length: 12 }, (_, index) => ({
      month: index + 1,
      users: (participantsMonthly.get(index + 1) ?? 0) + (usersMonthly.get(index + 1) ?? 0),
      questions: questionsMonthly.get(index + 1) ?? 0,
    })),
    roles: [
      { role: 'superadmin', count: accounts.superadmin.now },
      { role: 'admin', count: accounts.admin.now },
      { role: 'user', count: accounts.user.now },
      { role: 'participant', count: participants.now },
    ],
  };
}
