// The `duet` command line: migrate, seed the demo, print database stats. Takes its
// arguments, environment and output streams as parameters so tests can run it in-process.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDatabase } from '@/db/client';
import { collectStats } from '@/db/collect-stats';
import { migrateToLatest } from '@/db/migrate';
import { withPreparationLock } from '@/db/preparation-lock';
import { seedDemo } from '@/server/demo/seed-demo';
import { rebuildSearchIndex } from '@/db/repositories/search-index';
import { isRole, roles } from '@/core/auth/permissions';
import { minPasswordLength } from '@/core/studio/account-inputs';
import { emailField } from '@/core/studio/fields';
import { createAccount, setPassword } from '@/server/auth/accounts';
import { redactSecrets } from '@/server/log-redaction';
import { apiKeyUsage, createApiKeyCommand } from './commands/api-key';
import { backupCommand, backupUsage, restoreCommand } from './commands/backup';
import { exportCommand, exportUsage, importDuetCommand } from './commands/export';
import { importCommand, importUsage } from './commands/import';
import { translationsCommand, translationsUsage } from './commands/translations';
import type { CliIo } from './cli-io';
import { notifyServer } from './notify-server';

export type { CliIo } from './cli-io';

/** Exit codes: 0 done, 1 the command failed, 2 it was called wrongly. */
export const exitCodes = { ok: 0, failed: 1, usage: 2 } as const;

const usage = `Usage: npm run duet -- <command>

Commands:
  migrate   bring the database schema up to date
  seed      migrate, then load the demo magazine into an empty database
            and tell a running server to refresh its pages
  stats     print how many rows each table holds, by language and state
  reindex   rebuild the search index from the published translations
  create-user <email> <role> [name]
            make a Studio account (role: ${roles.join(', ')}); the
            password is read from DUET_PASSWORD or the first line of stdin
  reset-password <email>
            set a new password (same input) and end the account's sessions
${apiKeyUsage}
${importUsage}
${exportUsage}
${backupUsage}
${translationsUsage}
  help      show this text

Environment:
  DATABASE_URL   postgres://… to use PostgreSQL (default: SQLite in DATA_DIR)
  DATA_DIR       where the SQLite file and media live (default: ./data)
  SITE_URL, PORT where the running server is, for seed's refresh (default: http://localhost:3000)
`;

/**
 * The demo magazine's folder: beside the sources (`npm run duet`), or, for the command
 * line's bundle in the build (`<distDir>/duet-cli.mjs`, run from the project's folder), in
 * the folder it runs from.
 */
function demoDir(): string {
  const besideSources = fileURLToPath(new URL('../../demo', import.meta.url));
  return existsSync(join(besideSources, 'site.json')) ? besideSources : join(process.cwd(), 'demo');
}

type Command = (io: CliIo, dataDir: string, args: string[]) => Promise<number>;

/** Commands that take arguments, and how many (min, max). */
const arity: Record<string, [number, number]> = { 'create-user': [2, 3], 'reset-password': [1, 1], 'create-api-key': [2, 3], import: [1, 14], export: [0, 1], 'import-duet': [1, 1], backup: [1, 1], restore: [1, 1], translations: [2, 1000] };

async function readPassword(io: CliIo): Promise<string> {
  if (io.env.DUET_PASSWORD !== undefined) return io.env.DUET_PASSWORD;
  if (!io.stdin) return '';
  let text = '';
  for await (const chunk of io.stdin) {
    text += chunk.toString();
    if (text.includes('\n')) break;
  }
  return text.split(/\r?\n/)[0] ?? '';
}

function checkPassword(io: CliIo, password: string): boolean {
  if ([...password].length >= minPasswordLength && password.length <= 256) return true;
  io.stderr.write(`The password must have ${minPasswordLength} to 256 characters (give it in DUET_PASSWORD or on stdin).\n`);
  return false;
}

const commands: Record<string, Command> = {
  async migrate(io, dataDir) {
    const db = createDatabase({ url: io.env.DATABASE_URL, dataDir });
    try {
      const { applied } = await withPreparationLock(db, () => migrateToLatest(db));
      io.stdout.write(applied.length ? `Applied ${applied.length} migration(s): ${applied.join(', ')}\n` : 'The database is up to date.\n');
      return exitCodes.ok;
    } finally {
      await db.destroy();
    }
  },

  async seed(io, dataDir) {
    const db = createDatabase({ url: io.env.DATABASE_URL, dataDir });
    try {
      const { posts } = await withPreparationLock(db, async () => {
        await migrateToLatest(db);
        return seedDemo(db, { dataDir, demoDir: demoDir() });
      });
      io.stdout.write(
        posts > 0 ? `Seeded the demo magazine: ${posts} posts and pages.\n` : 'The database already has content; the demo was not loaded.\n',
      );
    } finally {
      await db.destroy();
    }
    const result = await notifyServer({ env: io.env, dataDir });
    if (result.status === 'revalidated') io.stdout.write(`The server at ${result.url} refreshed its pages.\n`);
    else if (result.status === 'not-running') {
      io.stdout.write(`No server is running at ${result.url}; that's fine, it will read the content when it starts.\n`);
    } else {
      io.stderr.write(
        `Warning: the server at ${result.url} refused the refresh (HTTP ${result.httpStatus}); ` +
          `it may show old pages until restarted. Does it use the same DATA_DIR?\n`,
      );
    }
    return exitCodes.ok;
  },

  async stats(io, dataDir) {
    const db = createDatabase({ url: io.env.DATABASE_URL, dataDir });
    try {
      const stats = await collectStats(db);
      io.stdout.write('Rows per table:\n');
      for (const [table, count] of Object.entries(stats.tables)) io.stdout.write(`  ${table.padEnd(18)} ${count}\n`);
      io.stdout.write('Posts by kind and status:\n');
      for (const [kind, byStatus] of Object.entries(stats.posts)) io.stdout.write(`  ${kind.padEnd(18)} ${describe(byStatus)}\n`);
      io.stdout.write('Translations by language and state:\n');
      for (const [locale, byState] of Object.entries(stats.translations)) io.stdout.write(`  ${locale.padEnd(18)} ${describe(byState)}\n`);
      return exitCodes.ok;
    } finally {
      await db.destroy();
    }
  },

  async reindex(io, dataDir) {
    const db = createDatabase({ url: io.env.DATABASE_URL, dataDir });
    try {
      await migrateToLatest(db);
      const started = performance.now();
      const { documents } = await rebuildSearchIndex(db);
      io.stdout.write(`Rebuilt the search index: ${documents} documents in ${((performance.now() - started) / 1000).toFixed(1)} s.\n`);
      return exitCodes.ok;
    } finally {
      await db.destroy();
    }
  },

  async 'create-user'(io, dataDir, [email = '', role = '', name]) {
    if (!emailField.safeParse(email).success) {
      io.stderr.write(`"${email}" is not an e-mail address.\n`);
      return exitCodes.usage;
    }
    if (!isRole(role)) {
      io.stderr.write(`"${role}" is not a role. Roles: ${roles.join(', ')}.\n`);
      return exitCodes.usage;
    }
    const password = await readPassword(io);
    if (!checkPassword(io, password)) return exitCodes.usage;
    const db = createDatabase({ url: io.env.DATABASE_URL, dataDir });
    try {
      await migrateToLatest(db);
      const account = await createAccount(db, { email, role, name: name ?? email.split('@')[0]!, password });
      io.stdout.write(`Created ${account.role} ${account.email}.\n`);
      return exitCodes.ok;
    } finally {
      await db.destroy();
    }
  },

  async 'reset-password'(io, dataDir, [email = '']) {
    const password = await readPassword(io);
    if (!checkPassword(io, password)) return exitCodes.usage;
    const db = createDatabase({ url: io.env.DATABASE_URL, dataDir });
    try {
      await migrateToLatest(db);
      await setPassword(db, email, password);
      io.stdout.write(`Set a new password for ${email}; its sessions have ended.\n`);
      return exitCodes.ok;
    } finally {
      await db.destroy();
    }
  },

  'create-api-key': createApiKeyCommand,
  import: importCommand,
  export: exportCommand,
  'import-duet': importDuetCommand,
  backup: backupCommand,
  restore: restoreCommand,
  translations: translationsCommand,

  async help(io) {
    io.stdout.write(usage);
    return exitCodes.ok;
  },
};

function describe(counts: Record<string, number>): string {
  return Object.entries(counts)
    .map(([name, count]) => `${count} ${name}`)
    .join(', ');
}

export async function runCli(args: string[], io: CliIo): Promise<number> {
  const [first, ...rest] = args;
  const name = first === '--help' || first === '-h' ? 'help' : first;
  const command = name !== undefined && Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (!command) {
    io.stderr.write(name === undefined ? 'Missing command.\n\n' : `Unknown command "${name}".\n\n`);
    io.stderr.write(usage);
    return exitCodes.usage;
  }
  const [min, max] = arity[name!] ?? [0, 0];
  if (rest.length < min || rest.length > max) {
    io.stderr.write(
      max === 0 ? `"${name}" takes no arguments (got: ${rest.join(' ')}).\n\n${usage}` : `"${name}" takes ${min}–${max} arguments.\n\n${usage}`,
    );
    return exitCodes.usage;
  }
  // Same default as the server (server/revalidate-token.ts), from this process's env.
  const dataDir = io.env.DATA_DIR ?? join(process.cwd(), 'data');
  try {
    return await command(io, dataDir, rest);
  } catch (error) {
    // A driver's message may quote a connection string or a header: no secret is printed.
    io.stderr.write(`duet ${name}: ${redactSecrets(error instanceof Error ? error.message : String(error))}\n`);
    return exitCodes.failed;
  }
}
