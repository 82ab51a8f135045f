// The shared secret that lets the command-line tool and the scheduler ask a running server
// to drop cached pages (POST /api/v1/internal/revalidate): DUET_INTERNAL_TOKEN, which
// several instances must share (server/deployment/shared-mode.mjs), or else one kept in
// DATA_DIR, created on first use.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { dataDir } from '@/core/config/data-dir';

export function readOrCreateRevalidateToken(dir = dataDir()): string {
  const given = process.env.DUET_INTERNAL_TOKEN;
  if (given && given.length >= 24) return given;
  const file = join(dir, 'revalidate.token');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const token = randomBytes(24).toString('base64url');
  writeFileSync(file, token, { mode: 0o600 });
  return token;
}

/** Whether a request carries the token as `Authorization: Bearer …` (compared in constant time). */
export function hasInternalToken(request: Request): boolean {
  const given = Buffer.from(request.headers.get('authorization')?.replace(/^Bearer /, '') ?? '');
  const expected = Buffer.from(readOrCreateRevalidateToken());
  return given.length === expected.length && timingSafeEqual(given, expected);
}
