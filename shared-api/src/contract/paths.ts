/** Client routes of the product (spec section 2). */
export const paths = {
  details: '/',
  adminLogin: '/admin',
  login: '/login',
  welcome: '/welcome',
  consent: '/consent-form',
  question: '/question',
  questions: '/questions',
  submit: '/submit',
  reports: '/reports',
  concerns: '/complaint-list',
  thankyou: '/thankyou',
  thankyouCapital: '/Thankyou',
  /** A personal invitation link: `/invite/<token>`. */
  invite: '/invite',
  /** Continue on another device with the email and the resume code. */
  resume: '/resume',
  /** A released report opened from its mail or copied link, without signing in: `/report/<token>`. */
  report: '/report',
  dashboard: '/dashboard',
  overview: '/dashboard/overview',
} as const;

/** Keys in browser storage (spec section 3). */
export const storageKeys = {
  token: 'token',
  participantToken: 'participantToken',
  sessionExpired: '@session_expired',
  userData: 'UserData',
  questions: 'questions',
  answers: 'answers',
  currentIndex: 'currentQuestionIndex',
  previousAnswers: 'previousAnswers',
  answerData: 'answerdata',
  scoreResults: 'scoreResults',
} as const;
