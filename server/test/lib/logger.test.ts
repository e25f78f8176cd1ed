// The log's format follows where it goes: readable lines on a terminal, JSON lines otherwise.
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { prettyFactory } from 'pino-pretty';
import { loggerOptions, redactedPaths } from '../../src/lib/logger';

const config = { logLevel: 'info' as const };

/** A JSON log line as the server writes it for a finished request. */
function jsonLine(): string {
  let written = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      written += chunk.toString('utf8');
      done();
    },
  });
  // Fastify's own pino, as the server makes it.
  Fastify({ logger: { ...loggerOptions(config, { isTTY: false }), stream } }).log.info(
    { reqId: '0f8e3a9d-2c4b-41e6-a7d5-b3c1e9f2a4d6', res: { statusCode: 200 }, responseTime: 1.5 },
    'request completed',
  );
  return written.trim();
}

describe('loggerOptions', () => {
  it('writes JSON when the output is not a terminal (a pipe, a file, a collector): no transport', () => {
    const options = loggerOptions(config, { isTTY: false });
    expect(options).toEqual({ level: 'info', redact: redactedPaths });
    expect(JSON.parse(jsonLine())).toMatchObject({
      level: 30,
      reqId: '0f8e3a9d-2c4b-41e6-a7d5-b3c1e9f2a4d6',
      msg: 'request completed',
    });
    // Without isTTY at all (a stream that is no terminal) it is the same.
    expect(loggerOptions(config, {})).toEqual(options);
  });

  it('formats readable lines with pino-pretty on a terminal, on its transport thread', () => {
    const options = loggerOptions({ logLevel: 'debug' }, { isTTY: true });
    expect(options).toMatchObject({ level: 'debug', redact: redactedPaths });
    if (!('transport' in options)) throw new Error('a terminal gets the pretty transport');
    expect(options.transport.target).toBe(require.resolve('pino-pretty'));
    // The same options turn the JSON line into a readable one that keeps the request id.
    const line = prettyFactory({ ...options.transport.options, colorize: false })(jsonLine());
    expect(line).toMatch(
      /^\[\d{2}:\d{2}:\d{2}\.\d{3}\] INFO: \[0f8e3a9d-2c4b-41e6-a7d5-b3c1e9f2a4d6\] request completed \{"res":\{"statusCode":200\},"responseTime":1\.5\}\n$/,
    );
  });

  it("follows the process's standard output by default", () => {
    const { isTTY } = process.stdout;
    const options = loggerOptions(config);
    expect('transport' in options).toBe(Boolean(isTTY));
  });
});
