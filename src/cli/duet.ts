// Entry point of `npm run duet -- <command>` (run by tsx). The work is in run-cli.ts.
import { closeRenderPool } from '@/server/render/render-pool';
import { closeParentChannel, giveWayToServer, parentReporter } from './job-progress';
import { runCli } from './run-cli';

giveWayToServer();

process.exitCode = await runCli(process.argv.slice(2), {
  env: process.env,
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  report: parentReporter(),
});
// The render workers (seed and import format texts in them) would keep the process alive.
await closeRenderPool();
await closeParentChannel();
