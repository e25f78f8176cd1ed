import { paths } from '@prometrica/shared-api';

// Absolute addresses of the dashboard's sections: the dashboard is mounted under a splat route, where
// relative links would resolve against the current section instead of `/dashboard`.
const at = (section: string) => `${paths.dashboard}/${section}`;

/** Every `/dashboard/*` child route (spec section 2), plus the account page. */
export const dashboardPaths = {
  overview: at('overview'),
  addUser: at('add-user'),
  userList: at('user-list'),
  addQuestion: at('add-question'),
  questionList: at('question-list'),
  result: at('result'),
  complaint: at('complaint'),
  categories: at('categories'),
  account: at('account'),
} as const;
