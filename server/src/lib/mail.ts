import { types } from 'node:util';
import nodemailer from 'nodemailer';
import type { Config } from '../config';

/** A file sent with a message; its bytes are given, never read from a path or fetched from a URL. */
export interface MailAttachment {
  filename: string;
  content: Buffer | string;
  contentType?: string;
}

export interface OutgoingMail {
  to: string | string[];
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  /** False when `SMTP_URL` is unset: nothing can be sent, so callers offer the link to copy instead. */
  readonly configured: boolean;
  /** Resolves once the SMTP server has accepted the message; rejects with a `MailError` otherwise. */
  send(mail: OutgoingMail): Promise<{ messageId: string }>;
  /** Closes the pooled connections (messages being handed over finish first). */
  close(): Promise<void>;
}

/** `send` was called on a mailer without `SMTP_URL`; callers check `configured` first. */
export class MailNotConfiguredError extends Error {
  constructor() {
    super('Outgoing mail is not configured (SMTP_URL is not set): no mail was sent');
    this.name = 'MailNotConfiguredError';
  }
}

/** What nodemailer puts on the errors it gives. */
interface SmtpFailure extends Error {
  code?: string;
  command?: string;
  response?: string;
  responseCode?: number;
  permanent?: boolean;
  rejected?: string[];
}

/**
 * The message was not sent: the SMTP server refused it (`response` holds its reply, such as
 * `550 5.1.1 No such user`), or it could not be reached or spoken to (`code`, no `response`).
 */
export class MailError extends Error {
  /** nodemailer's code: EENVELOPE (sender or recipient refused), EMESSAGE, EAUTH, ECONNECTION, ETIMEDOUT, ... */
  readonly code: string | undefined;
  /** The SMTP command the server answered with the error (`RCPT TO`, `DATA`, `AUTH PLAIN`, ...). */
  readonly command: string | undefined;
  /** The SMTP server's reply as it gave it. */
  readonly response: string | undefined;
  readonly responseCode: number | undefined;
  /** True when the server refused for good (5xx), false when a later attempt may pass (4xx). */
  readonly permanent: boolean | undefined;
  /** The recipients the server refused. */
  readonly rejected: readonly string[];

  constructor(failure: SmtpFailure) {
    super(`Mail was not sent: ${failure.response ?? failure.message}`, { cause: failure });
    this.name = 'MailError';
    this.code = failure.code;
    this.command = failure.command;
    this.response = failure.response;
    this.responseCode = failure.responseCode;
    this.permanent = failure.permanent;
    this.rejected = failure.rejected ?? [];
  }
}

/** The reason a mail was not sent, in the words of the SMTP server when it gave some. */
export const mailFailureReason = (error: unknown): string =>
  error instanceof MailError
    ? (error.response ?? error.message)
    : error instanceof Error
      ? error.message
      : String(error);

/**
 * The transport's limits. Pooled, so a batch of invitations reuses a few authenticated
 * connections instead of a handshake (and TLS) per message; bounded, because mail providers cap
 * concurrent connections per account and refuse or throttle beyond it, and a burst of sends should
 * queue here rather than open a socket each. The timeouts are far below nodemailer's defaults
 * (2 minutes to connect, 10 minutes of silence) so that an unreachable or stalled server fails
 * the request that is waiting for it within a minute, with an error that says so.
 */
export const mailTransportLimits = {
  maxConnections: 3,
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 30_000,
} as const;

export interface MailerOptions {
  /** Where a transport error outside any send goes (there is nobody waiting to be told). */
  onTransportError?: (error: Error) => void;
}

/** The one mailer of a process, from `SMTP_URL` and `MAIL_FROM`; made once and closed with the app. */
export function createMailer(config: Pick<Config, 'mail'>, options: MailerOptions = {}): Mailer {
  const { smtpUrl, from } = config.mail;
  if (!smtpUrl) {
    return {
      configured: false,
      send: () => Promise.reject(new MailNotConfiguredError()),
      close: () => Promise.resolve(),
    };
  }
  const transport = nodemailer.createTransport(
    {
      url: smtpUrl,
      pool: true,
      ...mailTransportLimits,
      // Attachments are given as bytes: the message must never read a file or fetch a URL it names.
      disableFileAccess: true,
      disableUrlAccess: true,
    },
    { from },
  );
  // An EventEmitter's unheard 'error' would end the process; report it instead.
  transport.on('error', (error: Error) => options.onTransportError?.(error));

  return {
    configured: true,
    async send(mail) {
      try {
        const info = await transport.sendMail({
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          ...(mail.html === undefined ? {} : { html: mail.html }),
          ...(mail.attachments ? { attachments: mail.attachments } : {}),
        });
        return { messageId: info.messageId };
      } catch (error) {
        // isNativeError: a socket error comes from Node's own realm, where `instanceof Error` can fail.
        throw new MailError(types.isNativeError(error) ? error : new Error(String(error)));
      }
    },
    close() {
      transport.close();
      return Promise.resolve();
    },
  };
}
