// What a `duet` command is given to talk to the world: its environment and output streams
// (parameters, so tests run a command in-process), and the Studio's progress channel.
import type { Writable } from 'node:stream';
import type { JobReporter } from './job-progress';
import type { CliEnv } from './notify-server';

export interface CliIo {
  env: CliEnv;
  stdout: Pick<Writable, 'write'>;
  stderr: Pick<Writable, 'write'>;
  /** Where a password is read from when DUET_PASSWORD is not set (its first line). */
  stdin?: AsyncIterable<Buffer | string>;
  /** The Studio's channel when it runs the command for an owner (job-progress.ts). */
  report?: JobReporter;
}
