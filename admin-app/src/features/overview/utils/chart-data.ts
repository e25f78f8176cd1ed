import type { StatsResponse } from '@prometrica/shared-api';

export const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** Twelve points, January first, whatever the server sent (missing months count as 0). */
export function growthSeries(monthly: StatsResponse['monthly']) {
  return MONTHS.map((month, index) => ({
    month,
    Users: monthly[index]?.users ?? 0,
    Questions: monthly[index]?.questions ?? 0,
  }));
}

/** Donut colour of a role: superadmin red, admin amber, any other cyan. */
export function roleColor(role: string): string {
  if (role === 'superadmin') return 'red.6';
  if (role === 'admin') return 'yellow.6';
  return 'cyan.6';
}

/** `participant` → `Participant`, `superadmin` → `Superadmin`. */
export function roleLabel(role: string): string {
  return role ? role.charAt(0).toUpperCase() + role.slice(1) : 'Unknown';
}

/** Donut segments for the roles that have someone in them. */
export function roleSegments(roles: StatsResponse['roles']) {
  return roles
    .filter((r) => r.count > 0)
    .map((r) => ({ name: roleLabel(r.role), value: r.count, color: roleColor(r.role) }));
}
