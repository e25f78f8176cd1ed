/** The questions screen's heading, also drawn by the dashboard's first paint (src/first-paint.tsx). */
export const questionsHeader = {
  title: 'Questions',
  description: 'Browse, search and maintain the question bank.',
} as const;
