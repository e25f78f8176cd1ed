import type { Migration, MigrationProvider } from 'kysely';
import * as usersAndSettings from './0001-users-and-settings';
import * as assessment from './0002-assessment';
import * as rateLimits from './0003-rate-limits';
import * as searchAndFigures from './0004-search-and-figures';
import * as resultDocuments from './0005-result-documents';
import * as searchPendingList from './0006-search-pending-list';
import * as answersLz4 from './0007-answers-lz4';
import * as searchTextGiven from './0008-search-text-given';
import * as concernsNaming from './0009-concerns-naming';
import * as oneConsentPerParticipant from './0010-one-consent-per-participant';
import * as participation from './0011-participation';
import * as phonesE164 from './0012-phones-e164';
import * as accountSessions from './0013-account-sessions';
import * as auditLog from './0014-audit-log';
import * as secondFactor from './0015-second-factor';
import * as reports from './0016-reports';
import * as insights from './0017-insights';

/**
 * Every migration, keyed by name. Kysely runs them in key order, so keys start with a
 * zero-padded number; add a file `NNNN-what-it-does.ts` exporting `up` (and `down`) and list it here.
 */
export const migrations: Record<string, Migration> = {
  '0001-users-and-settings': usersAndSettings,
  '0002-assessment': assessment,
  '0003-rate-limits': rateLimits,
  '0004-search-and-figures': searchAndFigures,
  '0005-result-documents': resultDocuments,
  '0006-search-pending-list': searchPendingList,
  '0007-answers-lz4': answersLz4,
  '0008-search-text-given': searchTextGiven,
  '0009-concerns-naming': concernsNaming,
  '0010-one-consent-per-participant': oneConsentPerParticipant,
  '0011-participation': participation,
  '0012-phones-e164': phonesE164,
  '0013-account-sessions': accountSessions,
  '0014-audit-log': auditLog,
  '0015-second-factor': secondFactor,
  '0016-reports': reports,
  '0017-insights': insights,
};

/** Serves the migrations from code, so they ship inside the server without a folder scan. */
export const inCodeMigrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};
