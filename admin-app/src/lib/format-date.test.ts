import { formatDate, formatDateTime } from './format-date';

test('dates read as day, short month and year (en-GB)', () => {
  expect(formatDate('2026-03-05T10:00:00.000Z')).toBe('5 Mar 2026');
  expect(formatDate('2025-12-24T00:00:00.000Z')).toBe('24 Dec 2025');
});

test('a missing or broken date reads as a dash', () => {
  expect(formatDate(undefined)).toBe('—');
  expect(formatDate('not a date')).toBe('—');
});

test('every month reads as en-GB’s Intl formatter writes it', () => {
  const intl = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
  for (let month = 0; month < 12; month++) {
    const date = new Date(2026, month, month + 1, 23, 30);
    expect(formatDate(date)).toBe(intl.format(date));
  }
});

test('a date and time reads as the date, then the local hours and minutes', () => {
  expect(formatDateTime(new Date(2026, 2, 5, 9, 5))).toBe('5 Mar 2026, 09:05');
  expect(formatDateTime(new Date(2025, 11, 24, 23, 59))).toBe('24 Dec 2025, 23:59');
  expect(formatDateTime(null)).toBe('—');
  expect(formatDateTime('not a date')).toBe('—');
});
