/** The results screen's heading, also drawn by the dashboard's first paint (src/first-paint.tsx). */
export const resultsHeader = {
  title: 'Quiz Results',
  description: 'How participants did, overall and per category.',
} as const;
