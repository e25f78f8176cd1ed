import type { Config } from '../config';

/** Where the log goes: a terminal (`isTTY`) gets readable lines, anything else JSON. */
export interface LogOutput {
  isTTY?: boolean;
}

/** Request headers that hold credentials: never written to the log. */
export const redactedPaths = ['req.headers.authorization', 'req.headers.cookie'];

/**
 * The server's pino options: JSON lines for a file, a pipe or a log collector; on a terminal,
 * readable coloured lines by pino-pretty, loaded only then and run on pino's transport thread,
 * so formatting never costs the event loop. Each request's lines carry its id as `reqId`.
 */
export function loggerOptions(config: Pick<Config, 'logLevel'>, output: LogOutput = process.stdout) {
  const options = { level: config.logLevel, redact: redactedPaths };
  if (!output.isTTY) return options;
  return {
    ...options,
    transport: {
      // By path: pino resolves a bare name from Fastify's own folder, where pnpm does not put it.
      target: require.resolve('pino-pretty'),
      // One line an entry: the time, the level, the request's id, the message, then its fields.
      options: {
        colorize: true,
        translateTime: 'SYS:HH:MM:ss.l',
        ignore: 'pid,hostname,reqId',
        messageFormat: '{if reqId}[{reqId}] {end}{msg}',
        singleLine: true,
      },
    },
  };
}
