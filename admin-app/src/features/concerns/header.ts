/** The complaints screen's heading, also drawn by the dashboard's first paint (src/first-paint.tsx). */
export const concernsHeader = {
  title: 'Complaints',
  description: 'Workplace concerns and how participants rated them.',
} as const;
