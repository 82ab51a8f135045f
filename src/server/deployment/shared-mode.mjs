// Several Duet instances behind one load balancer share PostgreSQL, Redis and object
// storage; setting REDIS_URL (or DUET_SHARED=1) says this instance is one of them. Then
// nothing that must be the same on every instance may come from its own DATA_DIR or
// host: the secrets, the database, the media bucket and the public address come from the
// environment, and
// a start without them stops with the list of what is missing (scripts/start.mjs, and
// src/instrumentation.ts for a bare `next start`). Plain JavaScript: start.mjs reads it
// before any TypeScript is built.

/** Whether this instance is one of several sharing their state. */
export function isSharedMode(env) {
  return Boolean(env.REDIS_URL) || env.DUET_SHARED === '1';
}

/** What is missing or wrong for shared mode, one sentence each; empty when all is well. */
export function sharedModeProblems(env) {
  if (!isSharedMode(env)) return [];
  const problems = [];
  if (!/^postgres(ql)?:\/\//.test(env.DATABASE_URL ?? '')) {
    problems.push('DATABASE_URL must name the PostgreSQL database every instance shares (postgres://…); SQLite lives in one instance’s DATA_DIR.');
  }
  if ((env.BETTER_AUTH_SECRET ?? '').length < 32) {
    problems.push('BETTER_AUTH_SECRET must be set, the same on every instance, at least 32 characters (e.g. `openssl rand -base64 32`), so a session made on one instance is valid on the others.');
  }
  if ((env.DUET_INTERNAL_TOKEN ?? '').length < 24) {
    problems.push('DUET_INTERNAL_TOKEN must be set, the same on every instance, at least 24 characters: it authorises the revalidation calls the scheduler and the CLI make.');
  }
  if (!env.S3_BUCKET) {
    problems.push('S3_BUCKET (with S3_ENDPOINT, S3_REGION and its keys) must name the bucket every instance keeps media in: DATA_DIR/media is one instance’s own.');
  }
  let siteUrl = null;
  try {
    siteUrl = env.SITE_URL ? new URL(env.SITE_URL) : null;
  } catch {}
  if (!siteUrl || !/^https?:$/.test(siteUrl.protocol)) {
    problems.push('SITE_URL must be the public address readers use (https://…): pages cached by one instance are served by all, so none may write its own host and port into them.');
  }
  return problems;
}

/** The message a start in shared mode with problems stops with. */
export function sharedModeMessage(problems) {
  return `Duet is set to run as one of several instances (REDIS_URL or DUET_SHARED=1 is set), and this is missing:\n${problems.map((p) => `  - ${p}`).join('\n')}\nSee docs/deploy.md ("Several instances").`;
}

/** Ends the process with the message when shared mode lacks something (a bare `next start`). */
export function exitUnlessSharedModeReady(env) {
  const problems = sharedModeProblems(env);
  if (problems.length === 0) return;
  console.error(`duet: ${sharedModeMessage(problems)}`);
  process.exit(1);
}
