import type { FastifyInstance } from 'fastify';
import { insertParticipantIfMissing } from '../../src/modules/participants/repository';
import { currentAccount, currentParticipantId } from '../../src/plugins/auth';
import { build, type TestApp } from '../helpers/build';
import { createTestUser, loginAs } from '../helpers/users';

// Routes declared the way modules will declare them.
function addProbeRoutes(app: FastifyInstance) {
  app.get('/api/probe/admin', { preHandler: app.authorize(['admin', 'superadmin']) }, async (request) => ({
    id: currentAccount(request).id,
  }));
  app.get('/api/probe/superadmin', { preHandler: app.authorize(['superadmin']) }, async () => ({ ok: true }));
  app.get('/api/probe/participant', { preHandler: app.authorizeParticipant() }, async (request) => ({
    participantId: currentParticipantId(request),
  }));
  app.get('/api/probe/forgot-hook', async (request) => ({ id: currentAccount(request).id }));
}

let subject: TestApp;
beforeAll(async () => {
  subject = await build();
  addProbeRoutes(subject.app);
});
afterAll(() => subject.close());

const get = (url: string, token?: string) =>
  subject.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('route authorization', () => {
  it('lets the allowed roles through and answers 403 to other accounts', async () => {
    const admin = await createTestUser(subject.app, { role: 'admin' });
    const participantAccount = await createTestUser(subject.app, { role: 'user' });
    const adminToken = await loginAs(subject.app, admin.email, admin.password);
    const userToken = await loginAs(subject.app, participantAccount.email, participantAccount.password);

    const allowed = await get('/api/probe/admin', adminToken);
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json()).toEqual({ id: admin.id });

    const wrongRole = await get('/api/probe/admin', userToken);
    expect(wrongRole.statusCode).toBe(403);
    expect(wrongRole.json()).toEqual({ message: 'You do not have permission to do this' });

    expect((await get('/api/probe/superadmin', adminToken)).statusCode).toBe(403);
    expect((await get('/api/probe/admin')).statusCode).toBe(401);
  });

  it('goes by the role stored now, not the role in the token', async () => {
    const admin = await createTestUser(subject.app, { role: 'admin' });
    const token = await loginAs(subject.app, admin.email, admin.password);
    expect((await get('/api/probe/admin', token)).statusCode).toBe(200);

    await subject.app.db.updateTable('users').set({ role: 'user' }).where('id', '=', admin.id).execute();
    expect((await get('/api/probe/admin', token)).statusCode).toBe(403);
  });

  it('accepts participant tokens only on participant routes', async () => {
    const now = new Date().toISOString();
    await insertParticipantIfMissing(subject.app.db, {
      id: 'participant-123',
      name: 'Probe Participant',
      email: 'probe.participant@example.com',
      phone: '',
      createdAt: now,
      updatedAt: now,
    });
    const participantToken = subject.app.tokens.issueParticipantToken('participant-123');
    const admin = await createTestUser(subject.app, { role: 'superadmin' });
    const accountToken = await loginAs(subject.app, admin.email, admin.password);

    const allowed = await get('/api/probe/participant', participantToken);
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json()).toEqual({ participantId: 'participant-123' });

    expect((await get('/api/probe/participant', accountToken)).statusCode).toBe(401);
    expect((await get('/api/probe/participant')).statusCode).toBe(401);
    expect((await get('/api/probe/admin', participantToken)).statusCode).toBe(401);
  });

  it('refuses a participant token whose participant does not exist', async () => {
    const token = subject.app.tokens.issueParticipantToken('no-such-participant');
    const response = await get('/api/probe/participant', token);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Invalid token' });
  });

  it('fails closed when a route reads the account without the authorize hook', async () => {
    expect((await get('/api/probe/forgot-hook')).statusCode).toBe(401);
  });
});
