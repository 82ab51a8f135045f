// Entry point of `npm run duet -- <command>` (run by tsx). The work is in run-cli.ts.
import { runCli } from './run-cli';

process.exitCode = await runCli(process.argv.slice(2), {
  env: process.env,
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
});
