import { spawn } from 'node:child_process';
import { getPriority } from 'node:os';
import { describe, expect, it } from 'vitest';
import { exportProgressOf } from './job-progress';

describe('the export progress the Studio shows', () => {
  it('reads the counts out of the export command sentences', () => {
    expect(exportProgressOf('media files: 100/250')).toEqual({ type: 'progress', phase: 'media', done: 100, total: 250 });
    expect(exportProgressOf('Markdown files: 40/1000 posts')).toEqual({ type: 'progress', phase: 'markdown', done: 40, total: 1000 });
    expect(exportProgressOf('duet.json: 1000/1000 posts')).toEqual({ type: 'progress', phase: 'json', done: 1000, total: 1000 });
    expect(exportProgressOf('exporting 3 posts and 2 media files')).toBeNull();
  });
});

describe('a command the Studio runs', () => {
  // A child that calls giveWayToServer() and reports its own priority, as a job does and as a terminal does.
  const script = `import { getPriority } from 'node:os'; import { giveWayToServer } from './src/cli/job-progress.ts'; giveWayToServer(); const said = String(getPriority()); if (process.send) process.send(said, () => process.disconnect()); else console.log(said);`;
  const run = (withChannel: boolean) =>
    new Promise<string>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: withChannel ? ['ignore', 'ignore', 'inherit', 'ipc'] : ['ignore', 'pipe', 'inherit'] });
      let said = '';
      child.on('message', (message) => (said = String(message)));
      child.stdout?.on('data', (chunk: Buffer) => (said += chunk.toString()));
      child.on('error', reject);
      child.on('close', () => resolve(said.trim()));
    });

  it('runs below the server that started it, and at its own priority from a terminal', async () => {
    const own = getPriority();
    expect(Number(await run(false))).toBe(own);
    expect(Number(await run(true))).toBeGreaterThan(own);
  }, 60_000);
});
