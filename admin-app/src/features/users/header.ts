/** The users screen's heading, also drawn by the dashboard's first paint (src/first-paint.tsx). */
export const usersHeader = {
  title: 'Users',
  description: 'Staff accounts that sign in: users, admins and superadmins. Participants are under Participants.',
} as const;
