/** The participants screen's heading, also drawn by the dashboard's first paint (src/first-paint.tsx). */
export const participantsHeader = {
  title: 'Participants',
  description: 'Everyone taking the assessment, invited or not, and where they stand.',
} as const;
