import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, configVariables, loadConfig } from '../src/config';

const repositoryRoot = path.resolve(__dirname, '..', '..');

function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env, '/srv/prometrica');
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('configuration from the environment', () => {
  it('uses the documented defaults when nothing is set', () => {
    const config = loadConfig({}, '/srv/prometrica');
    expect(config).toEqual({
      port: 3000,
      host: '127.0.0.1',
      dataDir: '/srv/prometrica/data',
      databaseUrl: null,
      jwtSecret: null,
      adminEmail: 'admin@prometrica.local',
      adminPassword: null,
      remotes: {
        participant: '/remotes/participant/mf-manifest.json',
        admin: '/remotes/admin/mf-manifest.json',
      },
      logLevel: 'info',
      trustProxy: false,
      connections: { headersTimeoutMs: 10_000, requestTimeoutMs: 30_000, keepAliveTimeoutMs: 5000, perAddress: 512 },
      passwordHashing: { running: 2, waiting: 16 },
      passwordHashCost: 17,
      behindHttps: false,
      dist: {
        shell: path.join(repositoryRoot, 'shell', 'dist'),
        participant: path.join(repositoryRoot, 'participant-app', 'dist'),
        admin: path.join(repositoryRoot, 'admin-app', 'dist'),
      },
      mail: { smtpUrl: null, from: 'Prometrica <no-reply@prometrica.local>' },
      publicUrl: null,
      answerSavesPerMinute: 1200,
      phoneRegion: 'PK',
      metricsToken: null,
    });
  });

  it('reads every variable and resolves paths against the working directory', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        HOST: '0.0.0.0',
        DATA_DIR: 'var/db',
        DATABASE_URL: 'postgresql://app:pw@db.internal:5432/prometrica',
        JWT_SECRET: 'x'.repeat(32),
        ADMIN_EMAIL: 'Owner@Example.com',
        ADMIN_PASSWORD: 'correct horse',
        PARTICIPANT_REMOTE_URL: 'https://cdn.example.com/participant/mf-manifest.json',
        ADMIN_REMOTE_URL: '/static/admin/mf-manifest.json',
        LOG_LEVEL: 'warn',
        SHELL_DIST: 'builds/shell',
        PARTICIPANT_DIST: '/opt/participant',
        ADMIN_DIST: '../admin',
        SMTP_URL: 'smtps://mailer:pw@smtp.example.com:465',
        MAIL_FROM: 'Dr. Example <doctor@example.com>',
        PUBLIC_URL: 'https://assess.example.com/',
        ANSWER_SAVES_PER_MINUTE: '60',
        PHONE_REGION: 'gb',
        PASSWORD_HASH_COST: '14',
        METRICS_TOKEN: 'm'.repeat(32),
      },
      '/srv/prometrica',
    );
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/srv/prometrica/var/db',
      databaseUrl: 'postgresql://app:pw@db.internal:5432/prometrica',
      jwtSecret: 'x'.repeat(32),
      adminEmail: 'Owner@Example.com',
      adminPassword: 'correct horse',
      remotes: {
        participant: 'https://cdn.example.com/participant/mf-manifest.json',
        admin: '/static/admin/mf-manifest.json',
      },
      logLevel: 'warn',
      dist: { shell: '/srv/prometrica/builds/shell', participant: '/opt/participant', admin: '/srv/admin' },
      mail: { smtpUrl: 'smtps://mailer:pw@smtp.example.com:465', from: 'Dr. Example <doctor@example.com>' },
      publicUrl: 'https://assess.example.com',
      answerSavesPerMinute: 60,
      phoneRegion: 'GB',
      passwordHashCost: 14,
      metricsToken: 'm'.repeat(32),
    });
  });

  it('treats empty variables as not set', () => {
    const config = loadConfig({ PORT: '', JWT_SECRET: '', DATABASE_URL: ' ', ADMIN_EMAIL: '' }, '/srv');
    expect(config).toMatchObject({
      port: 3000,
      jwtSecret: null,
      databaseUrl: null,
      adminEmail: 'admin@prometrica.local',
    });
  });

  it.each([
    [
      'shorter than 32 characters',
      'm'.repeat(31),
      'must be at least 32 characters long (openssl rand -hex 32 makes one)',
    ],
    ['holding a space', `${'m'.repeat(20)} ${'m'.repeat(20)}`, 'must be printable characters without spaces'],
  ])('refuses a METRICS_TOKEN %s', (_label, value, message) => {
    const error = configError({ METRICS_TOKEN: value });
    expect(error.issues.map((issue) => issue.key)).toEqual(['METRICS_TOKEN']);
    expect(error.message).toContain(`METRICS_TOKEN: ${message}`);
    expect(error.message).not.toContain(value);
  });

  it('reports every bad variable at once in one error', () => {
    const error = configError({
      PORT: 'eighty',
      DATABASE_URL: 'mysql://localhost/db',
      JWT_SECRET: 'too-short',
      ADMIN_EMAIL: 'not-an-email',
      ADMIN_PASSWORD: 'short',
      PARTICIPANT_REMOTE_URL: 'ftp://cdn.example.com/x',
      ADMIN_REMOTE_URL: 'relative/path.json',
      LOG_LEVEL: 'verbose',
      SMTP_URL: 'https://smtp.example.com',
      MAIL_FROM: 'Prometrica',
      PUBLIC_URL: 'assess.example.com',
    });
    expect(error.issues.map((issue) => issue.key).sort()).toEqual(
      [
        'ADMIN_EMAIL',
        'ADMIN_PASSWORD',
        'ADMIN_REMOTE_URL',
        'DATABASE_URL',
        'JWT_SECRET',
        'LOG_LEVEL',
        'MAIL_FROM',
        'PARTICIPANT_REMOTE_URL',
        'PORT',
        'PUBLIC_URL',
        'SMTP_URL',
      ].sort(),
    );
    expect(error.message).toContain('Invalid environment configuration');
    expect(error.message).toContain('PORT: must be a whole number between 0 and 65535');
    expect(error.message).toContain('JWT_SECRET: must be at least 32 characters long');
    expect(error.message).toContain('ADMIN_EMAIL: must be a valid email address');
    // Values (which may be secrets) are never echoed back.
    expect(error.message).not.toContain('too-short');
  });

  it('refuses a port above 65535', () => {
    expect(configError({ PORT: '70000' }).issues).toEqual([
      { key: 'PORT', message: 'must be a whole number between 0 and 65535' },
    ]);
  });
});

describe('PASSWORD_HASH_COST (the cost of new password hashes)', () => {
  it("is log2 of scrypt's N, 17 (N=2^17, OWASP's recommendation) unless set, from 10 to 20", () => {
    expect(loadConfig({}, '/srv').passwordHashCost).toBe(17);
    expect(loadConfig({ PASSWORD_HASH_COST: '20' }, '/srv').passwordHashCost).toBe(20);
    expect(loadConfig({ PASSWORD_HASH_COST: '10' }, '/srv').passwordHashCost).toBe(10);
    for (const value of ['9', '21', '131072', '17.5', 'high', '-17']) {
      expect(configError({ PASSWORD_HASH_COST: value }).issues).toEqual([
        {
          key: 'PASSWORD_HASH_COST',
          message: "must be a whole number from 10 to 20 (log2 of scrypt's N; 17, the default, is N=2^17)",
        },
      ]);
    }
  });
});

describe("ADMIN_PASSWORD (the superadmin's password on the first start)", () => {
  it('is held to the rules of a new password, saying which one it breaks', () => {
    const refusals: Array<[Record<string, string>, string]> = [
      [{ ADMIN_PASSWORD: '12345678' }, 'must be at least 12 characters'],
      [{ ADMIN_PASSWORD: 'abababababab' }, 'must use at least 5 different characters'],
      [{ ADMIN_PASSWORD: 'qwerty123456' }, 'is one of the most common passwords'],
      [{ ADMIN_PASSWORD: 'my-admin-password' }, "must not contain the account's name"],
      [
        { ADMIN_EMAIL: 'owner@clinic.example', ADMIN_PASSWORD: 'owner@clinic.example!' },
        "must not contain the account's email",
      ],
      [
        { ADMIN_EMAIL: 'doctor.khan@clinic.example', ADMIN_PASSWORD: 'khan-lantern-42' },
        "must not contain the account's email",
      ],
    ];
    for (const [env, message] of refusals) {
      expect(configError(env).issues).toEqual([{ key: 'ADMIN_PASSWORD', message }]);
      // The value, a secret, is not echoed.
      expect(configError(env).message).not.toContain(env.ADMIN_PASSWORD);
    }
    expect(loadConfig({ ADMIN_PASSWORD: 'orchid lantern harbour' }, '/srv').adminPassword).toBe(
      'orchid lantern harbour',
    );
  });
});

describe('PUBLIC_URL (where invitation links point)', () => {
  it('keeps an http(s) address, with a path the app is served under, without the trailing slash', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://Assess.Example.com' }, '/srv').publicUrl).toBe(
      'https://assess.example.com',
    );
    expect(loadConfig({ PUBLIC_URL: 'http://10.0.0.5:8080/prometrica/' }, '/srv').publicUrl).toBe(
      'http://10.0.0.5:8080/prometrica',
    );
  });

  it('refuses other schemes, credentials, a query or a fragment, naming the variable', () => {
    for (const value of [
      'ftp://assess.example.com',
      'https://user:pw@assess.example.com',
      'https://assess.example.com/?a=1',
      'https://assess.example.com/#x',
      '/relative',
    ]) {
      expect(configError({ PUBLIC_URL: value }).issues).toEqual([
        {
          key: 'PUBLIC_URL',
          message: 'must be the http(s) address participants open the app at, such as https://assess.example.com',
        },
      ]);
    }
  });
});

describe('ANSWER_SAVES_PER_MINUTE (the address bound on answer saves)', () => {
  it('takes a whole number of at least 1, naming the variable otherwise', () => {
    expect(loadConfig({ ANSWER_SAVES_PER_MINUTE: '5000' }, '/srv').answerSavesPerMinute).toBe(5000);
    for (const value of ['0', '-1', '1.5', 'many', '1e3']) {
      expect(configError({ ANSWER_SAVES_PER_MINUTE: value }).issues).toEqual([
        { key: 'ANSWER_SAVES_PER_MINUTE', message: 'must be a whole number of at least 1' },
      ]);
    }
  });
});

describe('PHONE_REGION (where numbers without a country code are read)', () => {
  it('takes a country code whose numbers are known, naming the variable otherwise', () => {
    expect(loadConfig({ PHONE_REGION: ' de ' }, '/srv').phoneRegion).toBe('DE');
    for (const value of ['XX', 'PAK', '92', 'P']) {
      expect(configError({ PHONE_REGION: value }).issues).toEqual([
        { key: 'PHONE_REGION', message: 'must be a two-letter country code whose numbers are known, such as PK or GB' },
      ]);
    }
  });
});

describe('BEHIND_HTTPS (Strict-Transport-Security)', () => {
  it('is off unless set to true (or 1), naming the variable for anything but true or false', () => {
    expect(loadConfig({}, '/srv').behindHttps).toBe(false);
    expect(loadConfig({ BEHIND_HTTPS: 'TRUE' }, '/srv').behindHttps).toBe(true);
    expect(loadConfig({ BEHIND_HTTPS: '1' }, '/srv').behindHttps).toBe(true);
    expect(loadConfig({ BEHIND_HTTPS: 'false' }, '/srv').behindHttps).toBe(false);
    for (const value of ['yes', 'https', '2']) {
      expect(configError({ BEHIND_HTTPS: value }).issues).toEqual([
        { key: 'BEHIND_HTTPS', message: 'must be true or false' },
      ]);
    }
  });
});

describe('PASSWORD_HASHES_AT_ONCE and PASSWORD_HASHES_WAITING (the queue in front of password hashing)', () => {
  it('takes whole numbers, at least 1 running and 0 or more waiting, naming the variable otherwise', () => {
    expect(loadConfig({ PASSWORD_HASHES_AT_ONCE: '4', PASSWORD_HASHES_WAITING: '0' }, '/srv').passwordHashing).toEqual({
      running: 4,
      waiting: 0,
    });
    expect(configError({ PASSWORD_HASHES_AT_ONCE: '0', PASSWORD_HASHES_WAITING: '-1' }).issues).toEqual([
      { key: 'PASSWORD_HASHES_AT_ONCE', message: 'must be a whole number of at least 1' },
      { key: 'PASSWORD_HASHES_WAITING', message: 'must be a whole number of at least 0' },
    ]);
  });
});

describe('the timeouts for slow clients and the connections per address', () => {
  it('takes whole seconds and a whole number of connections (0: no cap), naming the variable otherwise', () => {
    const config = loadConfig(
      {
        HEADERS_TIMEOUT_SECONDS: '5',
        REQUEST_TIMEOUT_SECONDS: '60',
        KEEP_ALIVE_TIMEOUT_SECONDS: '2',
        CONNECTIONS_PER_ADDRESS: '0',
      },
      '/srv',
    );
    expect(config.connections).toEqual({
      headersTimeoutMs: 5000,
      requestTimeoutMs: 60_000,
      keepAliveTimeoutMs: 2000,
      perAddress: 0,
    });
    expect(
      configError({
        HEADERS_TIMEOUT_SECONDS: '0',
        REQUEST_TIMEOUT_SECONDS: '1.5',
        KEEP_ALIVE_TIMEOUT_SECONDS: 'soon',
        CONNECTIONS_PER_ADDRESS: '-1',
      }).issues.map((issue) => issue.key),
    ).toEqual([
      'HEADERS_TIMEOUT_SECONDS',
      'REQUEST_TIMEOUT_SECONDS',
      'KEEP_ALIVE_TIMEOUT_SECONDS',
      'CONNECTIONS_PER_ADDRESS',
    ]);
  });

  it('refuses a request timeout shorter than the headers timeout', () => {
    expect(configError({ HEADERS_TIMEOUT_SECONDS: '20', REQUEST_TIMEOUT_SECONDS: '10' }).issues).toEqual([
      { key: 'REQUEST_TIMEOUT_SECONDS', message: 'must be at least HEADERS_TIMEOUT_SECONDS (20)' },
    ]);
  });
});

describe('TRUST_PROXY (where the rate limits read the client address from)', () => {
  it('accepts true, false, a number of hops, and a list of proxy addresses or ranges', () => {
    expect(loadConfig({}, '/srv').trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }, '/srv').trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'FALSE' }, '/srv').trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }, '/srv').trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8,fd00::/8,192.168.1.7' }, '/srv').trustProxy).toEqual([
      'loopback',
      '10.0.0.0/8',
      'fd00::/8',
      '192.168.1.7',
    ]);
  });

  it('names TRUST_PROXY when an entry is not an address or range', () => {
    for (const value of ['yes', '10.0.0.0/33', 'proxy.internal', '10.0.0.1,']) {
      expect(configError({ TRUST_PROXY: value }).issues.map((issue) => issue.key)).toEqual(['TRUST_PROXY']);
    }
  });
});

describe("the README's configuration table", () => {
  it('lists every variable the server reads, and none it does not', () => {
    const readme = fs.readFileSync(path.join(repositoryRoot, 'README.md'), 'utf8');
    const section = readme.split('\n## Configuration\n')[1]!.split('\n## ')[0]!;
    const documented = section
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .flatMap((line) => [...line.split('|')[1]!.matchAll(/`([A-Z_]+)`/g)].map((match) => match[1]!));
    expect([...documented].sort()).toEqual([...configVariables].sort());
  });
});
