// The server's logger: JSON lines on stdout (pino). LOG_LEVEL sets the level. No secret
// reaches a line (log-redaction.ts): credential headers are censored by path, logged
// addresses (`url`, `path`, `referer`) are scrubbed by `redactUrl`, and every finished line
// passes `redactSecrets` on its way out, so a key inside an error message is caught too.
import pino, { type DestinationStream, type LoggerOptions } from 'pino';
import { redactedMarker, redactSecrets, redactUrl } from './log-redaction';

const credentialHeaders = ['authorization', 'cookie', 'set-cookie', 'x-api-key', 'proxy-authorization'];

const scrubAddress = (value: unknown) => (typeof value === 'string' ? redactUrl(value) : value);

function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    base: { app: 'duet' },
    redact: {
      paths: credentialHeaders.flatMap((name) => [`req.headers["${name}"]`, `headers["${name}"]`, `res.headers["${name}"]`]),
      censor: redactedMarker,
    },
    serializers: { url: scrubAddress, path: scrubAddress, referer: scrubAddress, href: scrubAddress },
    hooks: { streamWrite: redactSecrets },
  };
}

/** A logger with the server's redaction; tests give it a stream of their own to read. */
export function createLogger(options: { level?: string; destination?: DestinationStream } = {}) {
  const level = options.level ?? process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'silent' : 'info');
  return options.destination ? pino(loggerOptions(level), options.destination) : pino(loggerOptions(level));
}

export const logger = createLogger();
