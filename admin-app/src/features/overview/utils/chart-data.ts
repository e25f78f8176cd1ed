import type { StatsResponse } from '@prometrica/shared-api';

export const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** A point per month the server sent (the months of the year that have begun), in order; none is made up. */
export function growthSeries(monthly: StatsResponse['monthly']) {
  return [...monthly]
    .filter((m) => m.month >= 1 && m.month <= 12)
    .sort((a, b) => a.month - b.month)
    .map((m) => ({ month: MONTHS[m.month - 1]!, Participants: m.participants, Questions: m.questions }));
}

/** Which months the chart covers, as the screen says it: `January to November 2026`, `January 2026`. */
export function growthRange(year: number, monthly: StatsResponse['monthly']): string | null {
  const months = monthly.map((m) => m.month).filter((m) => m >= 1 && m <= 12);
  if (months.length === 0) return null;
  const first = MONTH_NAMES[Math.min(...months) - 1]!;
  const last = MONTH_NAMES[Math.max(...months) - 1]!;
  return first === last ? `${first} ${year}` : `${first} to ${last} ${year}`;
}

/**
 * Donut colour of each kind of person: superadmin red, admin amber, staff accounts of role user
 * cyan (spec), participants grape, so that a participant never looks like a user account.
 */
export function roleColor(role: string): string {
  if (role === 'superadmin') return 'red.6';
  if (role === 'admin') return 'yellow.6';
  if (role === 'participant') return 'grape.6';
  return 'cyan.6';
}

/** What the legend calls each kind: participants apart from the staff accounts of each role. */
export function roleLabel(role: string): string {
  switch (role) {
    case 'participant':
      return 'Participants';
    case 'user':
      return 'User accounts';
    case 'admin':
      return 'Admin accounts';
    case 'superadmin':
      return 'Superadmin accounts';
    default:
      return role ? `${role.charAt(0).toUpperCase()}${role.slice(1)} accounts` : 'Unknown';
  }
}

/** Donut segments for the kinds that have someone in them. */
export function roleSegments(roles: StatsResponse['roles']) {
  return roles
    .filter((r) => r.count > 0)
    .map((r) => ({ name: roleLabel(r.role), value: r.count, color: roleColor(r.role) }));
}
