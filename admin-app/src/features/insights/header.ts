/** The insights screen's heading, also drawn by the dashboard's first paint (src/first-paint.tsx). */
export const insightsHeader = {
  title: 'Insights',
  description: 'How each question and the cohort perform, from every submitted result.',
} as const;
