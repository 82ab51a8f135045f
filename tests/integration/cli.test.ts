// The `duet` command line: usage errors, migrate/seed/stats against both databases, and
// the refresh request seed sends to a running server.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, type CliIo } from '@/cli/run-cli';
import { readGlossaryTbx } from '@/core/translation/glossary-tbx';
import { migrations } from '@/db/migrations';
import { createGlossaryRepository } from '@/db/repositories/glossary';
import { testTargets, type TestDatabase } from './helpers/test-databases';

function captureIo(env: CliIo['env'] = {}): CliIo & { out: () => string; err: () => string } {
  let out = '';
  let err = '';
  return {
    env,
    stdout: { write: (chunk: string) => ((out += chunk), true) },
    stderr: { write: (chunk: string) => ((err += chunk), true) },
    out: () => out,
    err: () => err,
  };
}

/** A stand-in for the running site: records revalidation requests, answers with `status`. */
async function startFakeServer(status: number) {
  const requests: Array<{ url: string; authorization: string; body: string }> = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      requests.push({ url: req.url ?? '', authorization: req.headers.authorization ?? '', body });
      res.writeHead(status, { 'Content-Type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { requests, url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A port nothing listens on: opened, then closed again. */
async function closedPortUrl(): Promise<string> {
  const fake = await startFakeServer(200);
  await fake.close();
  return fake.url;
}

describe('duet usage', () => {
  it('prints help', async () => {
    const io = captureIo();
    expect(await runCli(['help'], io)).toBe(0);
    expect(io.out()).toContain('Usage: npm run duet -- <command>');
  });

  it.each([[[]], [['nope']], [['stats', 'extra']]])('refuses %j with exit code 2 and the usage', async (args) => {
    const io = captureIo();
    expect(await runCli(args, io)).toBe(2);
    expect(io.err()).toContain('Usage:');
  });

  it('reports a database it cannot reach with exit code 1', async () => {
    const io = captureIo({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', DATA_DIR: '/nonexistent' });
    expect(await runCli(['migrate'], io)).toBe(1);
    expect(io.err()).toMatch(/^duet migrate: /);
  });

  it('runs as `npm run duet` does, through tsx with the @/ path alias', () => {
    const tsx = join(process.cwd(), 'node_modules', '.bin', 'tsx');
    const help = spawnSync(tsx, ['src/cli/duet.ts', 'help'], { encoding: 'utf8' });
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('Commands:');
    const bad = spawnSync(tsx, ['src/cli/duet.ts', 'bogus'], { encoding: 'utf8' });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('Unknown command "bogus"');
    // tsx compiles the command line's sources twice: 57 s once on a loaded CI machine.
  }, 120_000);

  it('exits when its work is done, after formatting texts in the render workers (seed)', () => {
    // The workers once kept `duet seed` alive after it had printed its summary.
    const dataDir = mkdtempSync(join(tmpdir(), 'duet-cli-seed-'));
    try {
      const tsx = join(process.cwd(), 'node_modules', '.bin', 'tsx');
      const seed = spawnSync(tsx, ['src/cli/duet.ts', 'seed'], { encoding: 'utf8', env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', PORT: '1' }, timeout: 150_000 });
      expect(seed.signal, seed.stderr).toBeNull();
      expect(seed.status).toBe(0);
      expect(seed.stdout).toContain('Seeded the demo magazine');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});

for (const target of testTargets) {
  describe.skipIf(target.skip)(`duet commands (${target.name})`, () => {
    let t: TestDatabase;
    const env = () => ({ DATABASE_URL: t.url, DATA_DIR: t.dataDir });
    beforeAll(async () => {
      t = await target.open();
    });
    afterAll(async () => {
      await t?.close();
    });

    it('migrates, then says the schema is up to date', async () => {
      const first = captureIo(env());
      expect(await runCli(['migrate'], first)).toBe(0);
      expect(first.out()).toContain(`Applied ${Object.keys(migrations).length} migration(s)`);
      const second = captureIo(env());
      expect(await runCli(['migrate'], second)).toBe(0);
      expect(second.out()).toContain('up to date');
    });

    it('seeds, then asks the running server to refresh with the shared token', async () => {
      const server = await startFakeServer(200);
      try {
        const io = captureIo({ ...env(), SITE_URL: server.url });
        expect(await runCli(['seed'], io), io.err()).toBe(0);
        expect(io.out()).toContain('13 posts and pages');
        expect(io.out()).toContain('refreshed its pages');
        const token = readFileSync(join(t.dataDir, 'revalidate.token'), 'utf8').trim();
        expect(server.requests).toEqual([
          { url: '/api/v1/internal/revalidate', authorization: `Bearer ${token}`, body: '{"tags":["content"]}' },
        ]);
      } finally {
        await server.close();
      }
    }, 60_000);

    it('seeds again without harm when no server runs, and prints its address without a password', async () => {
      const io = captureIo({ ...env(), SITE_URL: (await closedPortUrl()).replace('//', '//ops:s3cret@') });
      expect(await runCli(['seed'], io)).toBe(0);
      expect(io.out()).toContain('already has content');
      expect(io.out()).toContain("that's fine");
      expect(io.out()).toContain('http://[redacted]@127.0.0.1:');
      expect(io.out()).not.toContain('s3cret');
    });

    it('warns when the server refuses the refresh', async () => {
      const server = await startFakeServer(401);
      try {
        const io = captureIo({ ...env(), SITE_URL: server.url });
        expect(await runCli(['seed'], io), io.err()).toBe(0);
        expect(io.err()).toContain('refused the refresh (HTTP 401)');
      } finally {
        await server.close();
      }
    });

    it('prints counts per table, kind and language', async () => {
      const io = captureIo(env());
      expect(await runCli(['stats'], io)).toBe(0);
      expect(io.out()).toMatch(/posts +13\n/);
      expect(io.out()).toMatch(/post +12 published\n/);
      expect(io.out()).toMatch(/zh +12 published\n/);
    });

    it('exports texts to translate with the memory beside them, and the glossary once it has terms', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'duet-cli-xliff-'));
      try {
        const before = captureIo(env());
        expect(await runCli(['translations', 'export', '--missing', '--outdated', '--to', 'en', join(dir, 'first.xlf')], before), before.err()).toBe(0);
        expect(existsSync(join(dir, 'first.tmx'))).toBe(true);
        expect(existsSync(join(dir, 'first.tbx'))).toBe(false);
        expect(before.out()).toContain('no .tbx was written');

        await createGlossaryRepository(t.db).add({ zh: '双声', en: 'Duet', note: 'the name', doNotTranslate: false, forbidden: ['Double Voice'] }, null);
        const after = captureIo(env());
        expect(await runCli(['translations', 'export', '--missing', '--outdated', '--to', 'en', join(dir, 'second.xlf')], after), after.err()).toBe(0);
        expect(after.out()).toContain("glossary's 1 term(s)");
        expect(readGlossaryTbx(readFileSync(join(dir, 'second.tbx'), 'utf8'))).toEqual([expect.objectContaining({ zh: '双声', en: 'Duet', forbidden: ['Double Voice'] })]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });

    it('rebuilds the search index', async () => {
      const io = captureIo(env());
      expect(await runCli(['reindex'], io)).toBe(0);
      expect(io.out()).toMatch(/Rebuilt the search index: \d+ documents/);
    });

    it('creates an account and resets its password offline, reading the password from stdin or DUET_PASSWORD', async () => {
      const stdin = (async function* () {
        yield 'first passphrase\nignored second line\n';
      })();
      const created = { ...captureIo(env()), stdin };
      expect(await runCli(['create-user', 'Editor@Example.com', 'editor', 'Mei'], created)).toBe(0);
      expect(created.out()).toContain('Created editor editor@example.com.');
      const row = await t.db.selectFrom('auth_users').select(['name', 'role']).where('email', '=', 'editor@example.com').executeTakeFirstOrThrow();
      expect(row).toEqual({ name: 'Mei', role: 'editor' });

      const again = captureIo({ ...env(), DUET_PASSWORD: 'first passphrase' });
      expect(await runCli(['create-user', 'editor@example.com', 'editor'], again)).toBe(1);
      expect(again.err()).toContain('An account with this e-mail address exists');

      const reset = captureIo({ ...env(), DUET_PASSWORD: 'second passphrase' });
      expect(await runCli(['reset-password', 'editor@example.com'], reset)).toBe(0);
      const missing = captureIo({ ...env(), DUET_PASSWORD: 'second passphrase' });
      expect(await runCli(['reset-password', 'nobody@example.com'], missing)).toBe(1);
    });

    it('makes an API key for an owner or admin only, printing it once and keeping its hash', async () => {
      const owner = { ...captureIo({ ...env(), DUET_PASSWORD: 'owner passphrase' }) };
      expect(await runCli(['create-user', 'keys@example.com', 'admin'], owner)).toBe(0);
      const made = captureIo(env());
      expect(await runCli(['create-api-key', 'keys@example.com', 'content', 'Deploy script'], made)).toBe(0);
      const key = made.out().trim();
      expect(key).toMatch(/^duet_c_[A-Za-z0-9_-]{43}$/);
      const row = await t.db.selectFrom('api_keys').select(['name', 'scope', 'key_hash']).where('prefix', '=', key.slice(0, 12)).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ name: 'Deploy script', scope: 'content' });
      expect(row.key_hash).not.toContain(key.slice(7));
      const editor = captureIo(env());
      expect(await runCli(['create-api-key', 'editor@example.com', 'admin'], editor)).toBe(1);
      expect(editor.err()).toContain('is not the e-mail address of an owner or admin');
      const scope = captureIo(env());
      expect(await runCli(['create-api-key', 'keys@example.com', 'everything'], scope)).toBe(2);
    });

    it.each([
      [['create-user', 'not-an-email', 'editor'], 'not an e-mail address'],
      [['create-user', 'a@example.com', 'boss'], 'not a role'],
      [['create-user', 'a@example.com', 'author'], 'password must have'],
      [['create-user'], 'takes 2–3 arguments'],
    ])('refuses %j with exit code 2', async (args, message) => {
      const io = captureIo({ ...env(), DUET_PASSWORD: 'short' });
      expect(await runCli(args, io)).toBe(2);
      expect(io.err()).toContain(message);
    });
  });
}
