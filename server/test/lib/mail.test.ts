import type { SMTPServerOptions } from 'smtp-server';
import { ConfigError, loadConfig } from '../../src/config';
import { createMailer, MailError, MailNotConfiguredError, type Mailer } from '../../src/lib/mail';
import { build } from '../helpers/build';
import { startSmtpServer, type Received, type TestSmtpServer } from '../helpers/smtp';

const mailerFor = (env: Record<string, string>) => createMailer(loadConfig(env, '/srv'));

describe('outgoing mail through SMTP', () => {
  let smtp: TestSmtpServer | undefined;
  let mailer: Mailer | undefined;

  const serve = async (options: Partial<SMTPServerOptions> = {}) => (smtp = await startSmtpServer(options));

  afterEach(async () => {
    await mailer?.close();
    await smtp?.close();
    mailer = undefined;
    smtp = undefined;
  });

  it('delivers recipient, sender, subject, text, html and an attachment byte for byte', async () => {
    const server = await serve();
    mailer = mailerFor({
      SMTP_URL: `smtp://mailer:${encodeURIComponent('p@ss word')}@127.0.0.1:${server.port}`,
      MAIL_FROM: 'Dr. Example <doctor@example.com>',
    });
    expect(mailer.configured).toBe(true);
    const report = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0xff, 0x10, 0x80, 0x0d, 0x0a, 0x7f]);

    const { messageId } = await mailer.send({
      to: 'participant@example.org',
      subject: 'Your report — Prometrica',
      text: 'Hello,\nyour report is attached.',
      html: '<p>Hello,<br>your report is attached.</p>',
      attachments: [{ filename: 'report.pdf', content: report, contentType: 'application/pdf' }],
    });

    expect(server.received).toHaveLength(1);
    const [{ mailFrom, rcptTo, user, message }] = server.received as [Received];
    expect(user).toBe('mailer');
    expect(mailFrom).toBe('doctor@example.com');
    expect(rcptTo).toEqual(['participant@example.org']);
    expect(message.from?.value).toEqual([{ address: 'doctor@example.com', name: 'Dr. Example' }]);
    expect(message.messageId).toBe(messageId);
    expect(message.subject).toBe('Your report — Prometrica');
    expect(message.text?.trim()).toBe('Hello,\nyour report is attached.');
    expect(message.html).toContain('<p>Hello,<br>your report is attached.</p>');
    expect(message.attachments).toHaveLength(1);
    const [attachment] = message.attachments;
    expect(attachment?.filename).toBe('report.pdf');
    expect(attachment?.contentType).toBe('application/pdf');
    expect(Buffer.compare(attachment!.content, report)).toBe(0);
  });

  it('sends from the default sender when MAIL_FROM is unset, several messages over the pool', async () => {
    const server = await serve();
    mailer = mailerFor({ SMTP_URL: `smtp://127.0.0.1:${server.port}` });
    await Promise.all(
      ['a', 'b', 'c', 'd', 'e'].map((name) =>
        mailer!.send({ to: `${name}@example.org`, subject: `for ${name}`, text: name }),
      ),
    );
    expect(server.received.map((mail) => mail.rcptTo[0]).sort()).toEqual(
      ['a', 'b', 'c', 'd', 'e'].map((name) => `${name}@example.org`),
    );
    expect(server.received.every((mail) => mail.mailFrom === 'no-reply@prometrica.local')).toBe(true);
    expect(server.received[0]?.message.from?.value).toEqual([
      { address: 'no-reply@prometrica.local', name: 'Prometrica' },
    ]);
  });

  it('gives a MailError carrying the server reply when the recipient is refused', async () => {
    const server = await serve({
      onRcptTo(address, _session, callback) {
        if (address.address === 'nobody@example.org') {
          callback(Object.assign(new Error('5.1.1 No such mailbox here'), { responseCode: 550 }));
        } else callback();
      },
    });
    mailer = mailerFor({ SMTP_URL: `smtp://127.0.0.1:${server.port}` });

    const error: unknown = await mailer.send({ to: 'nobody@example.org', subject: 'hi', text: 'hi' }).then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(MailError);
    const mailError = error as MailError;
    expect(mailError.code).toBe('EENVELOPE');
    expect(mailError.responseCode).toBe(550);
    expect(mailError.response).toContain('550 5.1.1 No such mailbox here');
    expect(mailError.permanent).toBe(true);
    expect(mailError.rejected).toEqual(['nobody@example.org']);
    expect(mailError.message).toContain('550 5.1.1 No such mailbox here');
    expect(server.received).toHaveLength(0);

    // The pool stays usable for the next message.
    await mailer.send({ to: 'someone@example.org', subject: 'hi', text: 'hi' });
    expect(server.received.map((mail) => mail.rcptTo)).toEqual([['someone@example.org']]);
  });

  it('gives a MailError carrying the server reply when the login is refused', async () => {
    const server = await serve();
    mailer = mailerFor({ SMTP_URL: `smtp://mailer:wrong@127.0.0.1:${server.port}` });
    const error = await mailer.send({ to: 'a@example.org', subject: 'hi', text: 'hi' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MailError);
    expect((error as MailError).code).toBe('EAUTH');
    expect((error as MailError).response).toContain('Invalid username or password');
    expect((error as MailError).message).not.toContain('wrong');
  });

  it('refuses to send in clear text when SMTP_URL asks for requireTLS and the server offers no STARTTLS', async () => {
    const server = await serve();
    mailer = mailerFor({ SMTP_URL: `smtp://127.0.0.1:${server.port}?requireTLS=true` });
    const error = await mailer.send({ to: 'a@example.org', subject: 'hi', text: 'hi' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MailError);
    expect((error as MailError).code).toBe('ETLS');
    expect(server.received).toHaveLength(0);
  });

  it('gives a MailError when no SMTP server answers', async () => {
    const { port, close } = await startSmtpServer();
    await close();
    mailer = mailerFor({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    const error = await mailer.send({ to: 'a@example.org', subject: 'hi', text: 'hi' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MailError);
    expect((error as MailError).code).toBe('ESOCKET');
    expect((error as MailError).response).toBeUndefined();
    expect((error as MailError).message).toMatch(/ECONNREFUSED/);
  });
});

describe('the mailer of the app', () => {
  it('is made from SMTP_URL and MAIL_FROM, sends, and closes with the app', async () => {
    const smtp = await startSmtpServer();
    const subject = await build({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'reports@example.com' });
    try {
      expect(subject.app.mailer.configured).toBe(true);
      await subject.app.mailer.send({ to: 'a@example.org', subject: 'Invitation', text: 'Welcome' });
      expect(smtp.received.map((mail) => [mail.mailFrom, mail.message.subject])).toEqual([
        ['reports@example.com', 'Invitation'],
      ]);
    } finally {
      await subject.close();
      // The SMTP server's close waits for the app's pooled connection, which the app's close ended.
      await smtp.close();
    }
  });

  it('is not configured without SMTP_URL', async () => {
    const subject = await build();
    try {
      expect(subject.app.mailer.configured).toBe(false);
    } finally {
      await subject.close();
    }
  });
});

describe('without SMTP_URL', () => {
  it('is not configured and refuses to send with a clear error', async () => {
    const mailer = mailerFor({});
    expect(mailer.configured).toBe(false);
    await expect(mailer.send({ to: 'a@example.org', subject: 'hi', text: 'hi' })).rejects.toThrow(
      MailNotConfiguredError,
    );
    await expect(mailer.send({ to: 'a@example.org', subject: 'hi', text: 'hi' })).rejects.toThrow(
      'Outgoing mail is not configured (SMTP_URL is not set): no mail was sent',
    );
    await mailer.close();
  });

  it('treats an empty SMTP_URL as unset', () => {
    expect(loadConfig({ SMTP_URL: ' ', MAIL_FROM: '' }, '/srv').mail).toEqual({
      smtpUrl: null,
      from: 'Prometrica <no-reply@prometrica.local>',
    });
  });
});

describe('SMTP_URL and MAIL_FROM at start', () => {
  const issuesOf = (env: Record<string, string>) => {
    try {
      loadConfig(env, '/srv');
    } catch (error) {
      if (error instanceof ConfigError) return error.issues;
      throw error;
    }
    return [];
  };

  it('accepts smtp:// and smtps:// URLs and a sender with or without a name', () => {
    expect(loadConfig({ SMTP_URL: 'smtp://user:pass@mail.example.com:587' }, '/srv').mail.smtpUrl).toBe(
      'smtp://user:pass@mail.example.com:587',
    );
    expect(loadConfig({ SMTP_URL: 'smtps://mail.example.com' }, '/srv').mail.smtpUrl).toBe('smtps://mail.example.com');
    expect(loadConfig({ MAIL_FROM: 'reports@example.com' }, '/srv').mail.from).toBe('reports@example.com');
    expect(loadConfig({ MAIL_FROM: ' "Dr. Example" <doctor@example.com> ' }, '/srv').mail.from).toBe(
      '"Dr. Example" <doctor@example.com>',
    );
  });

  it('names SMTP_URL for a wrong scheme, an unparsable value or a missing host, without echoing it', () => {
    for (const value of [
      'http://mail.example.com',
      'mail.example.com:587',
      'smtp://',
      'smtp://user:secret@mail example.com',
      'not a url',
    ]) {
      const issues = issuesOf({ SMTP_URL: value });
      expect(issues).toEqual([
        {
          key: 'SMTP_URL',
          message: 'must be an SMTP URL such as smtp://user:password@host:587 or smtps://user:password@host:465',
        },
      ]);
    }
    const error = (() => {
      try {
        loadConfig({ SMTP_URL: 'ftp://user:hunter2@mail.example.com' }, '/srv');
      } catch (failure) {
        return failure as Error;
      }
      throw new Error('expected a ConfigError');
    })();
    expect(error.message).toContain('SMTP_URL: must be an SMTP URL');
    expect(error.message).not.toContain('hunter2');
  });

  it('names MAIL_FROM when it is not an address, and both with the other bad variables at once', () => {
    for (const value of ['no-reply', 'Prometrica <no-reply>', 'a@example.com\r\nBcc: b@example.com', '<<a@b.c>>']) {
      expect(issuesOf({ MAIL_FROM: value }).map((issue) => issue.key)).toEqual(['MAIL_FROM']);
    }
    expect(issuesOf({ PORT: 'x', SMTP_URL: 'imap://mail.example.com', MAIL_FROM: 'nobody' }).map((i) => i.key)).toEqual(
      ['PORT', 'SMTP_URL', 'MAIL_FROM'],
    );
  });
});
