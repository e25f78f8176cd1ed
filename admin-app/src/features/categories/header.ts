/** The categories screen's heading, also drawn by the dashboard's first paint (src/first-paint.tsx). */
export const categoriesHeader = {
  title: 'Categories',
  description: 'Group questions by what they measure.',
} as const;
