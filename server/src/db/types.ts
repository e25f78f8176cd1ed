import type { Generated, Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type { QuestionKindName, Role } from '@prometrica/shared-api/contract';

/** Timestamps are ISO-8601 UTC text on both engines, so they sort and compare as strings. */
export type IsoTimestamp = string;

export interface UsersTable {
  id: string;
  name: string;
  email: string;
  /** `lower(email)`, unique: emails match ignoring case on both engines through one index. */
  email_lower: string;
  /** `name` lowercased (in JavaScript), for case-insensitive search. */
  name_lower: string;
  phone_number: string;
  role: Role;
  password_hash: string;
  created_at: IsoTimestamp;
  updated_at: IsoTimestamp;
}

/** Instance-wide key/value settings (e.g. the generated JWT secret on PostgreSQL). */
export interface SettingsTable {
  key: string;
  value: string;
}

/** Booleans are stored as 0/1 on both engines and mapped at the repository edge. */
export type IntBoolean = 0 | 1;

/** A person taking the assessment (participants do not log in). */
export interface ParticipantsTable {
  id: string;
  name: string;
  name_lower: string;
  email: string;
  /** Unique: one participant per email, ignoring case. */
  email_lower: string;
  phone: string;
  created_at: IsoTimestamp;
  updated_at: IsoTimestamp;
  /**
   * The browser session that holds the participant once they have started (consent, an answer,
   * concerns, a submission) or were invited; null before. Only tokens of this session act for them
   * (migration 0011).
   */
  owner_session: string | null;
  /** With the email, resumes on another device ('' until one is given). */
  resume_code: Generated<string>;
  /** The question set version the participant answers, pinned at consent. */
  question_set_version: number | null;
}

export interface CategoriesTable {
  id: string;
  name: string;
  /** Unique: category names are unique ignoring case. */
  name_lower: string;
  created_at: IsoTimestamp;
  updated_at: IsoTimestamp;
}

export interface QuestionsTable {
  id: string;
  question: string;
  question_lower: string;
  correct_answer: string;
  question_type: QuestionKindName;
  /** JSON text: a list of strings (empty for fill-in-the-blanks). */
  options: string;
  category_id: string;
  created_at: IsoTimestamp;
  updated_at: IsoTimestamp;
}

export interface AgreementsTable {
  id: string;
  participant_id: string;
  image_base64: string;
  /** ISO date (YYYY-MM-DD) the participant signed for. */
  date: string;
  created_at: IsoTimestamp;
  /** The consent text's version and the SHA-256 (hex) of its canonical text; null before migration 0011. */
  text_version: string | null;
  text_sha256: string | null;
  signed_name: string | null;
  method: 'typed' | 'drawn' | null;
  client_address: string | null;
}

export interface ResultsTable {
  id: string;
  participant_id: string;
  /** The browser session that submitted (only it may read the answers back). */
  session_id: string;
  correct: number;
  wrong: number;
  total: number;
  percent: number;
  passed: IntBoolean;
  created_at: IsoTimestamp;
  /** JSON: the category figures, `[[name, correct, wrong, total, percent], ...]` (migration 0005). */
  categories: string;
  /** The question set version answered; null for results stored before migration 0011. */
  question_set_version: number | null;
}

/** An answer saved as it was given, before submission; the last save of a question wins. */
export interface ProgressAnswersTable {
  participant_id: string;
  question_id: string;
  user_answer: string;
  answered_at: IsoTimestamp;
  /** Time spent on the question, summed over the saves of it, in milliseconds. */
  time_ms: number;
}

/** A question set as participants were given it, correct answers included; never changed. */
export interface QuestionSetVersionsTable {
  version: number;
  /** SHA-256 of `questions`: the same set is one version. */
  content_hash: string;
  /** JSON: the question records in quiz order. */
  questions: string;
  created_at: IsoTimestamp;
}

/** A participant's personal link. */
export interface InvitationsTable {
  id: string;
  participant_id: string;
  /** The link's secret: 32 random bytes, base64url. */
  token: string;
  created_at: IsoTimestamp;
  expires_at: IsoTimestamp;
  revoked_at: IsoTimestamp | null;
  opened_at: IsoTimestamp | null;
  last_sent_at: IsoTimestamp | null;
  /** The account that invited. */
  created_by: string | null;
}

/** A result's answers, with a snapshot of each question (migration 0005); never updated. */
export interface ResultAnswersTable {
  result_id: string;
  /** JSON: `[[questionId, questionText, userAnswer, correctAnswer, categoryName, isCorrect], ...]`. */
  answers: string;
}

/** A workplace concern an admin wrote, which participants rate. */
export interface ConcernsTable {
  id: string;
  title: string;
  description: string;
  /** JSON text: the options participants choose from (a list of strings; empty: the standard three). */
  rating_options: string;
  status: string;
  reporter_name: string;
  created_at: IsoTimestamp;
  updated_at: IsoTimestamp;
}

export interface ConcernSubmissionsTable {
  id: string;
  participant_id: string;
  session_id: string;
  created_at: IsoTimestamp;
}

/** One rated concern with a snapshot of the concern as it was rated. */
export interface ConcernRatingsTable {
  id: string;
  submission_id: string;
  position: number;
  concern_id: string;
  concern_title: string;
  concern_description: string;
  /** JSON text: the options the concern offered. */
  concern_rating_options: string;
  concern_created_at: IsoTimestamp;
  /** JSON text: the participant's choice, a list of one. */
  chosen_options: string;
  status: string;
  created_at: IsoTimestamp;
}

/** One attempt counter of a rate limit: `attempts` made since `window_started_at`. */
export interface RateLimitsTable {
  /**
   * Which limit counts (`login-address`, `login-email`, `details-address`, `details-email`,
   * `resume-address`, `resume-email`, `invitation-open-address`, ...; see the rate-limits module).
   */
  kind: string;
  /** What is counted: a client address, or a hash of an email. */
  key: string;
  window_started_at: IsoTimestamp;
  attempts: number;
}

/**
 * A signed-in session of an account (migration 0013): the account token carries its id, and a token
 * whose row is gone (signed out, ended, or ended by a password or role change) is refused.
 */
export interface AccountSessionsTable {
  id: string;
  user_id: string;
  /** The browser's `User-Agent` when it signed in (at most 512 characters). */
  user_agent: string;
  /** The client address it signed in from. */
  address: string;
  created_at: IsoTimestamp;
  /** Updated at most once a minute while the session is used. */
  last_seen_at: IsoTimestamp;
  /** When its token expires. */
  expires_at: IsoTimestamp;
  /** 1: an admin who must turn the second factor on and has not; the session may only enrol (0015). */
  enrol_only: Generated<number>;
}

/** An account's authenticator secret (migration 0015). */
export interface AccountSecondFactorsTable {
  user_id: string;
  /** The TOTP secret, encrypted (AES-256-GCM) with a key derived from the token signing secret. */
  secret: string;
  /** When the first code confirmed it; null while enrolment waits for it. */
  enabled_at: IsoTimestamp | null;
  /** The last 30-second time step a code was accepted for: that code and earlier ones are refused. */
  last_step: Generated<number>;
  created_at: IsoTimestamp;
}

/** A recovery code of an account (migration 0015): its SHA-256, and when it was used (once). */
export interface AccountRecoveryCodesTable {
  user_id: string;
  code_hash: string;
  used_at: IsoTimestamp | null;
}

/** One audited action (migration 0014): never updated; deleted only by the retention purge. */
export interface AuditLogTable {
  id: string;
  at: IsoTimestamp;
  /** The account that acted; null for the server itself or an email with no account. */
  actor_id: string | null;
  actor_email: string;
  actor_role: string | null;
  address: string;
  action: string;
  target_type: string;
  target_id: string | null;
  /** JSON objects (changed fields before and after, or what a call concerned), or null. */
  before: string | null;
  after: string | null;
}

/** The doctor's report on a result (migration 0016): its latest comments, release and first opening. */
export interface ReportsTable {
  result_id: string;
  participant_id: string;
  overall_comment: Generated<string>;
  /** JSON object: category name -> comment. */
  category_comments: Generated<string>;
  /** The saved comments' version: 0 before the first save. */
  version: Generated<number>;
  saved_at: IsoTimestamp | null;
  saved_by: string | null;
  /** Null: a draft (the participant sees nothing). */
  released_at: IsoTimestamp | null;
  released_by: string | null;
  /** When the participant first opened a released copy. */
  opened_at: IsoTimestamp | null;
  created_at: IsoTimestamp;
}

/** One saved version of a report's comments (migration 0016); never changed. */
export interface ReportVersionsTable {
  result_id: string;
  version: number;
  overall_comment: string;
  /** JSON object: category name -> comment. */
  category_comments: string;
  saved_at: IsoTimestamp;
  saved_by: string | null;
}

/** A link that opens the participant's copy of a report (migration 0016). */
export interface ReportLinksTable {
  id: string;
  result_id: string;
  participant_id: string;
  /** SHA-256 (hex) of the link's token (32 random bytes, base64url); the token is never stored. */
  token_hash: string;
  created_at: IsoTimestamp;
  expires_at: IsoTimestamp;
  revoked_at: IsoTimestamp | null;
  opened_at: IsoTimestamp | null;
  /** 1: the participant's copy shows the correct answers. */
  show_correct: IntBoolean;
  /** The address it was mailed to; null when the admin copied it. */
  mailed_to: string | null;
  created_by: string | null;
}

/** Results, passed and their percents' sum per submission day and month (`period`: YYYY-MM-DD or MYYYY-MM; migration 0017; readers sum over `shard`). */
export interface ResultPeriodTotalsTable {
  period: string;
  shard: number;
  results: number;
  passed: number;
  percent_sum: number | string;
}

/** Participants per raw score of a version and day: overall (scope -1) and per category index. */
export interface InsightScoresTable {
  version: number;
  period: string;
  scope: number;
  score: number;
  shard: number;
  count: number;
}

/** Per question position and answer given: how many gave it and their raw scores' sum. */
export interface InsightAnswersTable {
  version: number;
  period: string;
  position: number;
  /** The offered answer's index; -1 for fill in the blanks. */
  choice: number;
  correct: IntBoolean;
  shard: number;
  count: number;
  score_sum: number | string;
}

/** Saved answer times per question and bucket (`insightTimeBucketsMs`). */
export interface InsightTimesTable {
  version: number;
  period: string;
  question_id: string;
  bucket: number;
  shard: number;
  count: number;
}

/** Results per stored percent: overall (scope '') and per category name. */
export interface ResultPercentCountsTable {
  scope: string;
  percent: number;
  shard: number;
  count: number;
}

/** Every table Kysely knows about. Add new tables here and in a migration. */
export interface Database {
  users: UsersTable;
  settings: SettingsTable;
  participants: ParticipantsTable;
  categories: CategoriesTable;
  questions: QuestionsTable;
  agreements: AgreementsTable;
  results: ResultsTable;
  result_answers: ResultAnswersTable;
  concerns: ConcernsTable;
  concern_submissions: ConcernSubmissionsTable;
  concern_ratings: ConcernRatingsTable;
  rate_limits: RateLimitsTable;
  progress_answers: ProgressAnswersTable;
  question_set_versions: QuestionSetVersionsTable;
  invitations: InvitationsTable;
  account_sessions: AccountSessionsTable;
  account_second_factors: AccountSecondFactorsTable;
  account_recovery_codes: AccountRecoveryCodesTable;
  audit_log: AuditLogTable;
  reports: ReportsTable;
  report_versions: ReportVersionsTable;
  report_links: ReportLinksTable;
  result_period_totals: ResultPeriodTotalsTable;
  insight_scores: InsightScoresTable;
  insight_answers: InsightAnswersTable;
  insight_times: InsightTimesTable;
  result_percent_counts: ResultPercentCountsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserRowUpdate = Updateable<UsersTable>;
export type SettingRow = Selectable<SettingsTable>;

/** Either the database or an open transaction: repositories accept both. */
export type Executor = Kysely<Database> | Transaction<Database>;

export type Dialect = 'sqlite' | 'postgres';

/** What services need: the query builder (to open transactions) and which engine it talks to. */
export interface Store {
  db: Kysely<Database>;
  dialect: Dialect;
}
