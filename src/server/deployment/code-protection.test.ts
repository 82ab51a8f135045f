import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { codeProtectionFlag } from './code-protection';

describe('code protection', () => {
  it('is an option this Node accepts on its command line', () => {
    // A Node without it would refuse to start every server, render worker and site job.
    const result = spawnSync(process.execPath, [codeProtectionFlag, '-e', 'process.stdout.write("started")'], { encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe('started');
  });
});
