import { randomUUID } from 'node:crypto';
import type { Role } from '@prometrica/shared-api/contract';
import type { FastifyInstance } from 'fastify';
import { apiRouteTable } from '../src/modules';
import { questionSet } from '../src/modules/questions/question-set';
import { currentCode } from '../src/modules/second-factor/service';
import { answersFor, call, newParticipant, submitAll, type Method } from './helpers/api';
import { build, type TestApp } from './helpers/build';
import { signaturePng } from './helpers/png';
import { startSmtpServer, type TestSmtpServer } from './helpers/smtp';
import { loginAs, quickPassword, quickUser } from './helpers/users';

type Caller = 'none' | 'participant' | 'user' | 'admin' | 'superadmin';
const callers: Caller[] = ['none', 'participant', 'user', 'admin', 'superadmin'];

/**
 * Every route × every kind of caller → the status. Requests are valid, so only authorization decides.
 * A label in parentheses names a variant of the same route (a role rule). 2xx cells are 200 or 201.
 */
// prettier-ignore
const matrix: ReadonlyArray<readonly [route: string, none: number, participant: number, user: number, admin: number, superadmin: number]> = [
  ['GET /api/health',                                          200, 200, 200, 200, 200],
  ['GET /api/health/live',                                     200, 200, 200, 200, 200],
  ['GET /api/health/ready',                                    200, 200, 200, 200, 200],
  ['GET /api/docs',                                            200, 200, 200, 200, 200],
  ['GET /api/docs/openapi.json',                               200, 200, 200, 200, 200],
  ['POST /api/auth/login',                                     200, 200, 200, 200, 200],
  ['GET /api/auth/checkauth',                                  401, 401, 200, 200, 200],
  ['POST /api/auth/validateuser',                              200, 200, 200, 200, 200],
  ['POST /api/user/change-password',                           401, 401, 200, 200, 200],
  ['GET /api/user/getquestion',                                401, 200, 401, 401, 401],
  ['POST /api/user/submitanswer',                              401, 201, 401, 401, 401],
  ['GET /api/user/getuserresponse',                            401, 200, 401, 401, 401],
  ['GET /api/user/progress',                                   401, 200, 401, 401, 401],
  ['POST /api/user/answer',                                    401, 200, 401, 401, 401],
  ['POST /api/useragreement/add',                              401, 201, 401, 401, 401],
  ['POST /api/admin/addquestion',                              401, 401, 403, 201, 201],
  ['GET /api/admin/getquestions',                              401, 401, 403, 200, 200],
  ['PUT /api/admin/updatequestion/:id',                        401, 401, 403, 200, 200],
  ['DELETE /api/admin/deletequestion/:id',                     401, 401, 403, 200, 200],
  ['POST /api/admin/createuser',                               401, 401, 403, 201, 201],
  ['POST /api/admin/createuser (an admin)',                    401, 401, 403, 403, 201],
  ['GET /api/admin/getallusers',                               401, 401, 403, 200, 200],
  ['PUT /api/admin/updateuser/:id',                            401, 401, 403, 200, 200],
  ['PUT /api/admin/updateuser/:id (another admin)',            401, 401, 403, 403, 200],
  ['PUT /api/admin/updateuser/:id (promote to admin)',         401, 401, 403, 403, 200],
  ['PUT /api/admin/updateuser/:id (demote an admin)',          401, 401, 403, 403, 200],
  ['PUT /api/admin/updateuser/:id (a superadmin)',             401, 401, 403, 403, 200],
  ['DELETE /api/admin/deleteuser/:id',                         401, 401, 403, 200, 200],
  ['DELETE /api/admin/deleteuser/:id (an admin)',              401, 401, 403, 403, 200],
  ['DELETE /api/admin/deleteuser/:id (a superadmin)',          401, 401, 403, 403, 200],
  ['GET /api/admin/getquizresult',                             401, 401, 403, 200, 200],
  ['GET /api/admin/getquizresult/:id',                         401, 401, 403, 200, 200],
  ['GET /api/admin/stats',                                     401, 401, 403, 200, 200],
  ['GET /api/admin/insights',                                  401, 401, 403, 200, 200],
  ['GET /api/admin/insights/export',                           401, 401, 403, 200, 200],
  ['GET /api/admin/reports/:resultId',                         401, 401, 403, 200, 200],
  ['PUT /api/admin/reports/:resultId/comments',                401, 401, 403, 200, 200],
  ['GET /api/admin/reports/:resultId/versions',                401, 401, 403, 200, 200],
  ['POST /api/admin/reports/:resultId/send',                   401, 401, 403, 200, 200],
  ['POST /api/admin/reports/:resultId/revoke',                 401, 401, 403, 200, 200],
  ['GET /api/admin/reports/:resultId/pdf',                     401, 401, 403, 200, 200],
  ['GET /api/admin/reports/archive',                           401, 401, 403, 200, 200],
  ['GET /api/admin/results/export',                            401, 401, 403, 200, 200],
  ['GET /api/reports/link/:token',                             200, 200, 200, 200, 200],
  ['GET /api/reports/link/:token/pdf',                         200, 200, 200, 200, 200],
  ['GET /api/user/reports',                                    401, 200, 401, 401, 401],
  ['POST /api/category',                                       401, 401, 403, 201, 201],
  ['GET /api/category',                                        401, 401, 403, 200, 200],
  ['PUT /api/category/:id',                                    401, 401, 403, 200, 200],
  ['DELETE /api/category/:id',                                 401, 401, 403, 200, 200],
  ['POST /api/complaint/create-complaint',                     401, 401, 403, 201, 201],
  ['GET /api/complaint/getAll',                                401, 401, 403, 200, 200],
  ['PUT /api/complaint/edit/:id',                              401, 401, 403, 200, 200],
  ['DELETE /api/complaint/delete/:id',                         401, 401, 403, 200, 200],
  ['GET /api/complaint-bother/get-all',                        401, 200, 403, 200, 200],
  ['POST /api/complaint-bother/add-complaint',                 401, 201, 401, 401, 401],
  ['GET /api/complaint-bother/get-all-complaints',             401, 401, 403, 200, 200],
  ['DELETE /api/complaint-bother/delete-user-complaint/:id',   401, 401, 403, 200, 200],
  ['POST /api/auth/resume',                                    200, 200, 200, 200, 200],
  ['POST /api/invitations/open',                               200, 200, 200, 200, 200],
  ['GET /api/participation',                                   200, 200, 200, 200, 200],
  ['GET /api/admin/participants',                              401, 401, 403, 200, 200],
  ['POST /api/admin/invitations',                              401, 401, 403, 201, 201],
  ['POST /api/admin/invitations/import',                       401, 401, 403, 200, 200],
  ['POST /api/admin/invitations/:id/resend',                   401, 401, 403, 200, 200],
  ['POST /api/admin/invitations/:id/revoke',                   401, 401, 403, 200, 200],
  ['GET /api/admin/invitations/export',                        401, 401, 403, 200, 200],
  ['GET /api/admin/participants/:id/export',                   401, 401, 403, 200, 200],
  ['DELETE /api/admin/participants/:id',                       401, 401, 403, 200, 200],
  ['GET /api/admin/retention',                                 401, 401, 403, 200, 200],
  ['PUT /api/admin/retention',                                 401, 401, 403, 200, 200],
  ['GET /api/admin/retention/preview',                         401, 401, 403, 200, 200],
  ['POST /api/admin/retention/run',                            401, 401, 403, 200, 200],
  ['GET /api/admin/participation',                             401, 401, 403, 200, 200],
  ['PUT /api/admin/participation',                             401, 401, 403, 200, 200],
  ['GET /api/admin/audit-log',                                 401, 401, 403, 403, 200],
  ['GET /api/admin/audit-log/export',                          401, 401, 403, 403, 200],
  ['GET /api/admin/audit-retention',                           401, 401, 403, 403, 200],
  ['PUT /api/admin/audit-retention',                           401, 401, 403, 403, 200],
  ['GET /api/auth/sessions',                                   401, 401, 200, 200, 200],
  ['DELETE /api/auth/sessions/:id',                            401, 401, 200, 200, 200],
  ['POST /api/auth/logout',                                    401, 401, 200, 200, 200],
  ['POST /api/auth/login/second-factor',                       200, 200, 200, 200, 200],
  ['GET /api/auth/second-factor',                              401, 401, 200, 200, 200],
  ['POST /api/auth/second-factor/setup',                       401, 401, 200, 200, 200],
  ['POST /api/auth/second-factor/confirm',                     401, 401, 200, 200, 200],
  ['POST /api/auth/second-factor/recovery-codes',              401, 401, 200, 200, 200],
  ['POST /api/auth/second-factor/disable',                     401, 401, 200, 200, 200],
  ['GET /api/admin/second-factor-requirement',                 401, 401, 403, 403, 200],
  ['PUT /api/admin/second-factor-requirement',                 401, 401, 403, 403, 200],
];

interface Prepared {
  url: string;
  payload?: unknown;
  /** The caller's token for this cell, when it must not be the caller's usual one (signing out ends it). */
  token?: string;
}

let subject: TestApp;
let app: FastifyInstance;
const tokens: Partial<Record<Caller, string>> = {};
const accounts: Partial<Record<Caller, { email: string }>> = {};
let setupToken: string;
let resultId: string;
let unique = 0;
const next = () => `${Date.now()}-${(unique += 1)}`;

async function created<T>(method: Method, url: string, payload: unknown, pick: (body: any) => T): Promise<T> {
  const response = await call(app, method, url, { token: setupToken, payload });
  if (response.statusCode >= 300)
    throw new Error(`setup ${method} ${url} failed: ${response.statusCode} ${response.body}`);
  return pick(response.json());
}

const newQuestion = () =>
  created(
    'POST',
    '/api/admin/addquestion',
    { question: `Matrix ${next()}?`, correctAnswer: 'true', questionType: 'truefalse', category: 'Leadership' },
    (b) => b.question._id as string,
  );
const newCategory = () =>
  created('POST', '/api/category', { name: `Matrix ${next()}` }, (b) => b.category._id as string);
const newConcern = () =>
  created(
    'POST',
    '/api/complaint/create-complaint',
    [{ title: `Matrix ${next()}`, description: 'd' }],
    (b) => b.complaints[0]._id as string,
  );
const firstConcern = () =>
  created('GET', '/api/complaint-bother/get-all', undefined, (b) => b.complaints[0]._id as string);
const userBody = (target: { email: string; name: string }, role: string) => ({
  name: target.name,
  email: target.email,
  phoneNumber: '03001234567',
  role,
});
/** A new account of role `role` to create. */
const newAccount = (role: Role) => ({
  name: 'New',
  email: `new-${next()}@example.com`,
  password: 'a-long-password',
  role,
  phoneNumber: '03001234567',
});
/** Editing an account of role `from`, giving it role `to`. */
const updateUser = (from: Role, to: Role) => async () => {
  const target = await quickUser(app, { role: from });
  return { url: `/api/admin/updateuser/${target.id}`, payload: userBody(target, to) };
};

/** A new invitation: its id and the token of its link. */
const newInvitation = () =>
  created(
    'POST',
    '/api/admin/invitations',
    { name: 'Matrix Invitee', email: `invitee-${next()}@example.com`, send: false },
    (b) => ({
      id: b.participant.invitation._id as string,
      token: (b.participant.invitation.link as string).split('/invite/')[1]!,
    }),
  );

/** The token of a new link to the report on the matrix's result. */
const newReportLink = () =>
  created(
    'POST',
    `/api/admin/reports/${resultId}/send`,
    { delivery: 'link' },
    (b) => (b.link as string).split('/report/')[1]!,
  );

/** Another sign-in of the caller's account (none for a caller without one): its token and session id. */
async function anotherSession(caller: Caller): Promise<{ token: string; id: string } | undefined> {
  const account = accounts[caller];
  if (!account) return undefined;
  const token = await loginAs(app, account.email, quickPassword);
  const verified = app.tokens.verify(token);
  if (!verified.ok || !verified.claims.sid) throw new Error('a sign-in gave a token without a session');
  return { token, id: verified.claims.sid };
}

/**
 * A new account of the caller's role (none for a caller without one), signed in, with the second
 * factor started (`confirmed`: and turned on, its time steps free for another code).
 */
async function withSecondFactor(caller: Caller, confirmed: boolean) {
  if (caller === 'none' || caller === 'participant') return undefined;
  const account = await quickUser(app, { role: caller });
  const token = await loginAs(app, account.email, quickPassword);
  const { secret } = (await call(app, 'POST', '/api/auth/second-factor/setup', { token })).json<{ secret: string }>();
  if (confirmed) {
    await call(app, 'POST', '/api/auth/second-factor/confirm', { token, payload: { code: currentCode(secret) } });
    await app.db
      .updateTable('account_second_factors')
      .set({ last_step: 0 })
      .where('user_id', '=', account.id)
      .execute();
  }
  return { account, token, secret };
}

/** A call with a code of a new account of the caller's role that has the second factor (started or on). */
const withCode =
  (url: string, confirmed: boolean, payload: Record<string, unknown> = {}) =>
  async (caller: Caller): Promise<Prepared> => {
    const factor = await withSecondFactor(caller, confirmed);
    if (!factor) return { url, payload: { ...payload, code: '123456' } };
    return { url, token: factor.token, payload: { ...payload, code: currentCode(factor.secret) } };
  };

/**
 * A valid request for each row and caller, built fresh for every cell (so deleting in one cell leaves
 * the next its own target).
 */
const requests: Record<string, (caller: Caller) => Promise<Prepared>> = {
  'GET /api/health': async () => ({ url: '/api/health' }),
  'GET /api/health/live': async () => ({ url: '/api/health/live' }),
  'GET /api/health/ready': async () => ({ url: '/api/health/ready' }),
  'GET /api/docs': async () => ({ url: '/api/docs' }),
  'GET /api/docs/openapi.json': async () => ({ url: '/api/docs/openapi.json' }),
  'POST /api/auth/login': async () => {
    const account = await quickUser(app, { role: 'user' });
    return { url: '/api/auth/login', payload: { email: account.email, password: quickPassword } };
  },
  'GET /api/auth/checkauth': async () => ({ url: '/api/auth/checkauth' }),
  'POST /api/auth/validateuser': async () => ({
    url: '/api/auth/validateuser',
    payload: { email: `matrix-${next()}@example.com` },
  }),
  'POST /api/user/change-password': async () => ({
    url: '/api/user/change-password',
    payload: { currentPassword: quickPassword, newPassword: quickPassword },
  }),
  'GET /api/user/getquestion': async () => ({ url: '/api/user/getquestion' }),
  'POST /api/user/submitanswer': async () => ({
    url: '/api/user/submitanswer',
    payload: { answers: await answersFor(app) },
  }),
  'GET /api/user/getuserresponse': async () => ({ url: '/api/user/getuserresponse' }),
  'GET /api/user/progress': async () => ({ url: '/api/user/progress' }),
  'POST /api/user/answer': async () => ({
    url: '/api/user/answer',
    payload: { ...(await answersFor(app))[0]!, questionSetVersion: (await questionSet(app).latest()).version },
  }),
  'POST /api/useragreement/add': async () => ({
    url: '/api/useragreement/add',
    payload: { imageBase64: signaturePng, date: '2025-01-31' },
  }),
  'POST /api/admin/addquestion': async () => ({
    url: '/api/admin/addquestion',
    payload: { question: `Added ${next()}`, correctAnswer: 'false', questionType: 'truefalse', category: 'Resilience' },
  }),
  'GET /api/admin/getquestions': async () => ({ url: '/api/admin/getquestions?page=1&limit=25&search=' }),
  'PUT /api/admin/updatequestion/:id': async () => ({
    url: `/api/admin/updatequestion/${await newQuestion()}`,
    payload: { question: 'Updated?', correctAnswer: 'false', questionType: 'truefalse' },
  }),
  'DELETE /api/admin/deletequestion/:id': async () => ({ url: `/api/admin/deletequestion/${await newQuestion()}` }),
  'POST /api/admin/createuser': async () => ({
    url: '/api/admin/createuser',
    payload: newAccount('user'),
  }),
  'POST /api/admin/createuser (an admin)': async () => ({
    url: '/api/admin/createuser',
    payload: newAccount('admin'),
  }),
  'GET /api/admin/getallusers': async () => ({ url: '/api/admin/getallusers' }),
  'PUT /api/admin/updateuser/:id': updateUser('user', 'user'),
  'PUT /api/admin/updateuser/:id (another admin)': updateUser('admin', 'admin'),
  'PUT /api/admin/updateuser/:id (promote to admin)': updateUser('user', 'admin'),
  'PUT /api/admin/updateuser/:id (demote an admin)': updateUser('admin', 'user'),
  'PUT /api/admin/updateuser/:id (a superadmin)': updateUser('superadmin', 'superadmin'),
  'DELETE /api/admin/deleteuser/:id': async () => ({
    url: `/api/admin/deleteuser/${(await quickUser(app, { role: 'user' })).id}`,
  }),
  'DELETE /api/admin/deleteuser/:id (an admin)': async () => ({
    url: `/api/admin/deleteuser/${(await quickUser(app, { role: 'admin' })).id}`,
  }),
  'DELETE /api/admin/deleteuser/:id (a superadmin)': async () => ({
    url: `/api/admin/deleteuser/${(await quickUser(app, { role: 'superadmin' })).id}`,
  }),
  'GET /api/admin/getquizresult': async () => ({ url: '/api/admin/getquizresult?page=1&limit=25&search=&passed=true' }),
  'GET /api/admin/getquizresult/:id': async () => ({ url: `/api/admin/getquizresult/${resultId}` }),
  'GET /api/admin/stats': async () => ({ url: '/api/admin/stats?year=2025' }),
  'GET /api/admin/insights': async () => ({ url: '/api/admin/insights' }),
  'GET /api/admin/insights/export': async () => ({ url: '/api/admin/insights/export' }),
  'GET /api/admin/reports/:resultId': async () => ({ url: `/api/admin/reports/${resultId}` }),
  'PUT /api/admin/reports/:resultId/comments': async () => {
    // Each cell edits the version the one before it saved.
    const stored = await app.db
      .selectFrom('reports')
      .select('version')
      .where('result_id', '=', resultId)
      .executeTakeFirst();
    return {
      url: `/api/admin/reports/${resultId}/comments`,
      payload: { overall: `Matrix ${next()}`, categories: {}, baseVersion: stored?.version ?? 0 },
    };
  },
  'GET /api/admin/reports/:resultId/versions': async () => ({ url: `/api/admin/reports/${resultId}/versions` }),
  'POST /api/admin/reports/:resultId/send': async () => ({
    url: `/api/admin/reports/${resultId}/send`,
    payload: { delivery: 'link' },
  }),
  'POST /api/admin/reports/:resultId/revoke': async () => ({ url: `/api/admin/reports/${resultId}/revoke` }),
  'GET /api/admin/reports/:resultId/pdf': async () => ({ url: `/api/admin/reports/${resultId}/pdf` }),
  'GET /api/admin/reports/archive': async () => ({ url: '/api/admin/reports/archive' }),
  'GET /api/admin/results/export': async () => ({ url: '/api/admin/results/export?format=csv' }),
  'GET /api/reports/link/:token': async () => ({ url: `/api/reports/link/${await newReportLink()}` }),
  'GET /api/reports/link/:token/pdf': async () => ({ url: `/api/reports/link/${await newReportLink()}/pdf` }),
  'GET /api/user/reports': async () => ({ url: '/api/user/reports' }),
  'POST /api/category': async () => ({ url: '/api/category', payload: { name: `Category ${next()}` } }),
  'GET /api/category': async () => ({ url: '/api/category' }),
  'PUT /api/category/:id': async () => ({
    url: `/api/category/${await newCategory()}`,
    payload: { name: `Renamed ${next()}` },
  }),
  'DELETE /api/category/:id': async () => ({ url: `/api/category/${await newCategory()}` }),
  'POST /api/complaint/create-complaint': async () => ({
    url: '/api/complaint/create-complaint',
    payload: [{ title: 'Noise', description: 'Open office', botherOptions: ['A little'] }],
  }),
  'GET /api/complaint/getAll': async () => ({ url: '/api/complaint/getAll' }),
  'PUT /api/complaint/edit/:id': async () => ({
    url: `/api/complaint/edit/${await newConcern()}`,
    payload: { title: 'Edited', description: 'Edited', status: 'resolved' },
  }),
  'DELETE /api/complaint/delete/:id': async () => ({ url: `/api/complaint/delete/${await newConcern()}` }),
  'GET /api/complaint-bother/get-all': async () => ({ url: '/api/complaint-bother/get-all' }),
  'POST /api/complaint-bother/add-complaint': async () => ({
    url: '/api/complaint-bother/add-complaint',
    payload: [{ complaintId: await firstConcern(), botherOptions: ['A little'] }],
  }),
  'GET /api/complaint-bother/get-all-complaints': async () => ({ url: '/api/complaint-bother/get-all-complaints' }),
  'DELETE /api/complaint-bother/delete-user-complaint/:id': async () => {
    const participant = await newParticipant(app);
    const rated = await call(app, 'POST', '/api/complaint-bother/add-complaint', {
      token: participant.token,
      payload: [{ complaintId: await firstConcern(), botherOptions: ['A great deal'] }],
    });
    const rating = await app.db
      .selectFrom('concern_ratings')
      .select('id')
      .where('submission_id', '=', rated.json().submissionId)
      .executeTakeFirstOrThrow();
    return { url: `/api/complaint-bother/delete-user-complaint/${rating.id}` };
  },
  'POST /api/auth/resume': async () => {
    const participant = await newParticipant(app);
    const { resume_code: code } = await app.db
      .selectFrom('participants')
      .select('resume_code')
      .where('id', '=', participant.id)
      .executeTakeFirstOrThrow();
    return { url: '/api/auth/resume', payload: { email: participant.email, code } };
  },
  'POST /api/invitations/open': async () => ({
    url: '/api/invitations/open',
    payload: { token: (await newInvitation()).token },
  }),
  'GET /api/participation': async () => ({ url: '/api/participation' }),
  'GET /api/admin/participants': async () => ({ url: '/api/admin/participants?page=1&limit=25&search=&stage=invited' }),
  'POST /api/admin/invitations': async () => ({
    url: '/api/admin/invitations',
    payload: { name: 'Invited', email: `invited-${next()}@example.com`, send: false },
  }),
  'POST /api/admin/invitations/import': async () => ({
    url: '/api/admin/invitations/import',
    payload: { csv: `name,email\nImported,imported-${next()}@example.com\n` },
  }),
  'POST /api/admin/invitations/:id/resend': async () => ({
    url: `/api/admin/invitations/${(await newInvitation()).id}/resend`,
  }),
  'POST /api/admin/invitations/:id/revoke': async () => ({
    url: `/api/admin/invitations/${(await newInvitation()).id}/revoke`,
  }),
  'GET /api/admin/invitations/export': async () => ({ url: '/api/admin/invitations/export' }),
  'GET /api/admin/participants/:id/export': async () => ({
    url: `/api/admin/participants/${(await newParticipant(app)).id}/export`,
  }),
  'DELETE /api/admin/participants/:id': async () => ({
    url: `/api/admin/participants/${(await newParticipant(app)).id}`,
  }),
  'GET /api/admin/retention': async () => ({ url: '/api/admin/retention' }),
  'PUT /api/admin/retention': async () => ({ url: '/api/admin/retention', payload: { months: null } }),
  'GET /api/admin/retention/preview': async () => ({ url: '/api/admin/retention/preview' }),
  'POST /api/admin/retention/run': async () => ({ url: '/api/admin/retention/run' }),
  'GET /api/admin/participation': async () => ({ url: '/api/admin/participation' }),
  'PUT /api/admin/participation': async () => ({ url: '/api/admin/participation', payload: { openEntry: true } }),
  'GET /api/admin/audit-log': async () => ({ url: '/api/admin/audit-log?action=sign-in' }),
  'GET /api/admin/audit-log/export': async () => ({ url: '/api/admin/audit-log/export?action=sign-in' }),
  'GET /api/admin/audit-retention': async () => ({ url: '/api/admin/audit-retention' }),
  'PUT /api/admin/audit-retention': async () => ({ url: '/api/admin/audit-retention', payload: { months: 24 } }),
  'GET /api/auth/sessions': async () => ({ url: '/api/auth/sessions' }),
  'DELETE /api/auth/sessions/:id': async (caller) => ({
    url: `/api/auth/sessions/${(await anotherSession(caller))?.id ?? randomUUID()}`,
  }),
  'POST /api/auth/logout': async (caller) => {
    const session = await anotherSession(caller);
    return { url: '/api/auth/logout', ...(session ? { token: session.token } : {}) };
  },
  'POST /api/auth/login/second-factor': async () => {
    const { account, secret } = (await withSecondFactor('user', true))!;
    const login = await call(app, 'POST', '/api/auth/login', {
      payload: { email: account.email, password: quickPassword },
    });
    return {
      url: '/api/auth/login/second-factor',
      payload: { challenge: login.json().challenge, code: currentCode(secret) },
    };
  },
  'GET /api/auth/second-factor': async () => ({ url: '/api/auth/second-factor' }),
  'POST /api/auth/second-factor/setup': async (caller) => {
    const factor = await withSecondFactor(caller, false);
    return { url: '/api/auth/second-factor/setup', ...(factor ? { token: factor.token } : {}) };
  },
  'POST /api/auth/second-factor/confirm': withCode('/api/auth/second-factor/confirm', false),
  'POST /api/auth/second-factor/recovery-codes': withCode('/api/auth/second-factor/recovery-codes', true),
  'POST /api/auth/second-factor/disable': withCode('/api/auth/second-factor/disable', true, {
    password: quickPassword,
  }),
  'GET /api/admin/second-factor-requirement': async () => ({ url: '/api/admin/second-factor-requirement' }),
  'PUT /api/admin/second-factor-requirement': async () => ({
    url: '/api/admin/second-factor-requirement',
    payload: { required: false },
  }),
};

let smtp: TestSmtpServer;

beforeAll(async () => {
  // Mail is configured (to an SMTP server in the test), so resending an invitation can succeed.
  smtp = await startSmtpServer();
  subject = await build({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
  app = subject.app;
  for (const role of ['user', 'admin', 'superadmin'] as const) {
    const account = await quickUser(app, { role });
    accounts[role] = account;
    tokens[role] = await loginAs(app, account.email, quickPassword);
  }
  setupToken = tokens.superadmin!;
  const participant = await newParticipant(app);
  const submitted = await submitAll(app, participant.token);
  expect(submitted.statusCode).toBe(201);
  resultId = (
    await app.db
      .selectFrom('results')
      .select('id')
      .where('participant_id', '=', participant.id)
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await subject.close();
  await smtp.close();
});

async function tokenOf(caller: Caller, route: string): Promise<string | undefined> {
  if (caller === 'none') return undefined;
  // A new participant per cell: a participant submits only once, and signs the consent once (the
  // consent's own cell gets one who has not yet).
  if (caller === 'participant')
    return (await newParticipant(app, { consent: route !== 'POST /api/useragreement/add' })).token;
  return tokens[caller];
}

describe('authorization matrix', () => {
  it('covers every registered API route', () => {
    const rows = new Set(matrix.map(([route]) => route.replace(/ \(.*\)$/, '')));
    const routes = [
      ...apiRouteTable.map((route) => `${route.method} /api${route.url}`),
      'GET /api/docs',
      'GET /api/docs/openapi.json',
    ];
    expect([...rows].sort()).toEqual([...new Set(routes)].sort());
    expect(Object.keys(requests).sort()).toEqual(matrix.map(([route]) => route).sort());
  });

  it('has no call that changes or deletes the audit log', () => {
    const audit = apiRouteTable.filter((route) => route.url.startsWith('/admin/audit-log'));
    expect(audit.map((route) => `${route.method} ${route.url}`).sort()).toEqual([
      'GET /admin/audit-log',
      'GET /admin/audit-log/export',
    ]);
  });

  it.each(matrix)('%s → none %i, participant %i, user %i, admin %i, superadmin %i', async (route, ...expected) => {
    const method = route.split(' ')[0] as Method;
    const actual: number[] = [];
    for (const caller of callers) {
      const prepared = await requests[route]!(caller);
      const response = await call(app, method, prepared.url, {
        token: prepared.token ?? (await tokenOf(caller, route)),
        payload: prepared.payload,
      });
      actual.push(response.statusCode);
      if (response.statusCode >= 400) expect(response.json()).toEqual({ message: expect.any(String) });
    }
    expect(actual).toEqual(expected);
  });
});
