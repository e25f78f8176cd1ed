// How the section writes its figures. Units as the contract sends them: percentages in percentage
// points (0 to 100), shares and facility as fractions (0 to 1), times in milliseconds. A figure the
// data cannot give (too few participants, no spread) arrives as null and reads as a dash.

/** What a figure the data cannot give reads as. */
export const NO_FIGURE = '—';

const fixed = (value: number, digits: number) => {
  const text = value.toFixed(digits);
  // -0.00 would read as a negative figure.
  return Number(text) === 0 ? (0).toFixed(digits) : text;
};

/** A percentage in points, one decimal: `62.5%`. */
export function formatPercent(value: number | null): string {
  return value === null ? NO_FIGURE : `${fixed(value, 1)}%`;
}

/** A spread in percentage points, one decimal: `12.3 pts`. */
export function formatPoints(value: number | null): string {
  return value === null ? NO_FIGURE : `${fixed(value, 1)} pts`;
}

/** A share (0 to 1) as a whole percentage: `85%`. */
export function formatShare(value: number | null): string {
  return value === null ? NO_FIGURE : `${fixed(value * 100, 0)}%`;
}

/** A coefficient (discrimination, alpha, skewness, kurtosis), two decimals with a real minus sign: `−0.31`. */
export function formatCoefficient(value: number | null): string {
  if (value === null) return NO_FIGURE;
  const text = fixed(value, 2);
  return text.startsWith('-') ? `\u2212${text.slice(1)}` : text;
}

/** A time in milliseconds as people read it: `8.5 s`, `1 min 05 s`. */
export function formatDuration(ms: number | null): string {
  if (ms === null) return NO_FIGURE;
  if (ms < 60_000) return `${fixed(ms / 1000, 1)} s`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
}

/** A count with its noun: `1 participant`, `12 participants`. */
export function countOf(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** A histogram bucket's label, `40–50%`: scores from 40 up to, not including, 50 (the last bar takes 100 too). */
export function bucketLabel(bucket: { from: number; to: number }): string {
  return `${bucket.from}–${bucket.to}%`;
}
