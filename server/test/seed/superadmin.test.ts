import { createTestEnvironment, type TestEnvironment } from '../helpers/build';
import { loginAs } from '../helpers/users';

describe('first start', () => {
  let environment: TestEnvironment;
  afterEach(() => environment.cleanup());

  const superadmins = async (env: TestEnvironment) => {
    const app = await env.build();
    const rows = await app.db.selectFrom('users').select(['email', 'role', 'name']).execute();
    return { app, rows };
  };

  it('creates the superadmin from ADMIN_EMAIL and ADMIN_PASSWORD without printing the password', async () => {
    environment = await createTestEnvironment({
      ADMIN_EMAIL: 'Owner@Example.com',
      ADMIN_PASSWORD: 'correct horse battery',
    });
    const { app, rows } = await superadmins(environment);

    expect(rows).toEqual([{ email: 'Owner@Example.com', role: 'superadmin', name: 'Super Admin' }]);
    expect(environment.announcements).toEqual([]);
    await expect(loginAs(app, 'owner@example.com', 'correct horse battery')).resolves.toEqual(expect.any(String));
  });

  it('generates a password, announces it once with the email, and never seeds again', async () => {
    environment = await createTestEnvironment();
    const first = await superadmins(environment);

    expect(first.rows).toEqual([{ email: 'admin@prometrica.local', role: 'superadmin', name: 'Super Admin' }]);
    expect(environment.announcements).toHaveLength(1);
    const notice = environment.announcements[0] ?? '';
    expect(notice).toContain('admin@prometrica.local');
    const password = /password: (\S+)/.exec(notice)?.[1] ?? '';
    expect(password.length).toBeGreaterThanOrEqual(16);
    await expect(loginAs(first.app, 'admin@prometrica.local', password)).resolves.toEqual(expect.any(String));
    await first.app.close();

    const second = await superadmins(environment);
    expect(second.rows).toHaveLength(1);
    expect(environment.announcements).toHaveLength(1);
  });

  it('leaves a database that already has accounts alone', async () => {
    environment = await createTestEnvironment({ ADMIN_PASSWORD: 'first-password' });
    const first = await environment.build();
    await first.close();

    // A later start with other settings does not add or change anyone.
    const reopened = await environment.build({ adminEmail: 'other@example.com', adminPassword: 'second-password' });
    const rows = await reopened.db.selectFrom('users').select('email').execute();
    expect(rows).toEqual([{ email: 'admin@prometrica.local' }]);
    expect(environment.announcements).toEqual([]);
    await expect(loginAs(reopened, 'admin@prometrica.local', 'first-password')).resolves.toEqual(expect.any(String));
  });
});
