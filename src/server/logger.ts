// The server's logger: JSON lines on stdout (pino). LOG_LEVEL sets the level.
import pino from 'pino';

export const logger = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'silent' : 'info'),
  base: { app: 'duet' },
  redact: ['req.headers.cookie', 'req.headers.authorization'],
});
