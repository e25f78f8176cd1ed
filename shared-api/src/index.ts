// The browser surface of shared-api: one root entry, shared as a federation singleton. It carries
// no zod: schemas live in `@prometrica/shared-api/contract` for the server; only types come here.
export { ApiError, isApiError, type ApiErrorKind } from './client/api-error';
export { rateLimitMessage, tooManyAttemptsMessage } from './client/rate-limit';
export {
  configureApi,
  resolveApiBase,
  request,
  tellAccountRefusal,
  type Credential,
  type RequestOptions,
} from './client/http';
export { adminToken, participantToken, readStored, writeStored } from './client/token-storage';
export { useAuthStore, type AuthState, type Status } from './store/auth-store';
export * as authApi from './endpoints/auth';
export * as participantApi from './endpoints/participant';
export * as quizApi from './endpoints/quiz';
export * as questionsApi from './endpoints/questions';
export * as usersApi from './endpoints/users';
export * as resultsApi from './endpoints/results';
export * as categoriesApi from './endpoints/categories';
export * as concernsApi from './endpoints/concerns';
export * as concernRatingsApi from './endpoints/concern-ratings';
export * as statsApi from './endpoints/stats';
export * as progressApi from './endpoints/progress';
export * as participantsApi from './endpoints/participants';
export * as auditApi from './endpoints/audit';
export { auditActions, type AuditAction } from './contract/audit-actions';
export {
  consentTextVersions,
  currentConsentText,
  consentTextCanonical,
  findConsentText,
  type ConsentSection,
  type ConsentTextVersion,
} from './consent/consent-text';
export { paths, storageKeys } from './contract/paths';
export { remoteNames } from './contract/runtime';
export { participantScreenRoutes, remoteForPath } from './remote-routes';
export {
  questionKind,
  percentOf,
  performanceOf,
  isCorrectAnswer,
  PASS_PERCENT,
  type QuestionKindName,
} from './contract/domain';
export type {
  RuntimeConfig,
  RemoteId,
  RemoteRoutes,
  ParticipantScreen,
  AdminScreen,
  ParticipantRemoteRoutes,
  AdminRemoteRoutes,
} from './contract/runtime';
export type { ErrorResponse, MessageResponse, HealthResponse, IdParams } from './contract/common';
export type {
  Role,
  User,
  LoginBody,
  LoginResponse,
  LoginSessionResponse,
  CheckAuthResponse,
  AccountSession,
  AccountSessionListResponse,
} from './contract/auth';
export type {
  LoginChallengeResponse,
  SecondFactorLoginBody,
  SecondFactorStatusResponse,
  SecondFactorSetupResponse,
  SecondFactorCodeBody,
  RecoveryCodesResponse,
  SecondFactorDisableBody,
  SecondFactorRequirement,
} from './contract/second-factor';
export {
  secondFactorEnrolmentCode,
  secondFactorEnrolmentMessage,
  sessionEndedCode,
  sessionEndedMessage,
} from './contract/session';
export type { ValidateUserBody, ValidateUserResponse } from './contract/participant';
export type {
  Question,
  QuestionKind,
  QuestionTypeInput,
  AddQuestionBody,
  UpdateQuestionBody,
  QuestionListQuery,
  QuestionListResponse,
  QuestionResponse,
} from './contract/questions';
export type { Category, CategoryBody, CategoryListResponse, CategoryResponse } from './contract/categories';
export type {
  CreateUserBody,
  UpdateUserBody,
  UserListQuery,
  UserListResponse,
  AccountCounts,
  UserResponse,
  ChangePasswordBody,
} from './contract/users';
export type {
  ParticipantQuestion,
  GetQuestionsResponse,
  AnswerInput,
  SubmitAnswersBody,
  SubmitAnswersResponse,
  AnswerEcho,
  UserResponseSummary,
  AgreementBody,
  AgreementResponse,
} from './contract/quiz';
export type {
  Result,
  ResultAnswer,
  CategoryFigure,
  Performance,
  ResultListQuery,
  ResultListResponse,
  ResultResponse,
  SignedAgreement,
  ReportStatus,
  ResultFilterQuery,
} from './contract/results';
export type {
  AdminReportResponse,
  ParticipantReport,
  ReportAnswer,
  ReportCategory,
  ReportComments,
  ReportConcern,
  ReportContent,
  ReportLink,
  ReportLinkResponse,
  ReportState,
  ReportVersionsResponse,
  ResultExportFormat,
  RevokeReportResponse,
  SaveReportCommentsBody,
  SendReportBody,
  SendReportResponse,
  UserReportsResponse,
} from './contract/reports';
export type {
  Concern,
  ConcernInput,
  CreateConcernsBody,
  EditConcernBody,
  ConcernListResponse,
  ConcernsCreatedResponse,
  ConcernResponse,
  RatableConcern,
  RatableConcernListResponse,
  ConcernRatingsBody,
  ConcernRatingsResponse,
  ConcernRating,
  ConcernSubmission,
  ConcernSubmissionListResponse,
} from './contract/concerns';
export type { StatsQuery, StatsResponse } from './contract/stats';
// The Insights section's constants (paths, thresholds) are at `@prometrica/shared-api/insights`, for
// the admin remote alone: the root is loaded by every first screen.
export type {
  HistogramBucket,
  InsightCategory,
  InsightCohort,
  InsightOption,
  InsightQuestion,
  InsightsQuery,
  InsightsResponse,
  InsightVersion,
  Reliability,
  ScoreDistribution,
} from './contract/insights';
export type { InsightFlag } from './contract/insight-definitions';
export { limits } from './contract/limits';
export { passwordRuleProblem, type PasswordOwner } from './contract/password-rules';
export type {
  ParticipantStage,
  SavedAnswer,
  ProgressResponse,
  SaveAnswerBody,
  SaveAnswerResponse,
  ResumeBody,
  ParticipantSessionResponse,
  ParticipationSettings,
} from './contract/progress';
export type {
  InvitationStatus,
  CreateInvitationBody,
  ParticipantSummary,
  ParticipantListQuery,
  ParticipantListResponse,
  InvitationResponse,
  ImportInvitationsBody,
  ImportInvitationsResponse,
  ExportInvitationsResponse,
  OpenInvitationBody,
} from './contract/invitations';
export type {
  ParticipantExport,
  ParticipantErasureResponse,
  RetentionSettings,
  RetentionPreview,
  RetentionRunResponse,
  UpdateRetentionBody,
} from './contract/participant-data';
export type {
  AuditEntry,
  AuditListQuery,
  AuditListResponse,
  AuditExportResponse,
  AuditRetention,
} from './contract/audit';
