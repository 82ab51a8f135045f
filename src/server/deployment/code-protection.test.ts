import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { codeProtectionFlag, codeProtectionWarning, cpuHasProtectionKeys } from './code-protection';

const withPku = 'processor\t: 0\nflags\t\t: fpu vme sse2 avx512f ospke pku avx512_vnni\n\nprocessor\t: 1\nflags\t\t: fpu pku\n';
const withoutPku = 'processor\t: 0\nflags\t\t: fpu vme sse2 avx512f avx512_vnni\nbugs\t\t: spectre_v1\n';

describe('code protection', () => {
  it('reads the pku flag from the CPU flags only', () => {
    expect(cpuHasProtectionKeys(withPku)).toBe(true);
    expect(cpuHasProtectionKeys(withoutPku)).toBe(false);
    expect(cpuHasProtectionKeys('model name\t: pku lookalike\nflags\t\t: fpu pkux\n')).toBe(false);
  });

  it('warns only on a PKU CPU without the flag', () => {
    expect(codeProtectionWarning([], withPku)).toContain(codeProtectionFlag);
    expect(codeProtectionWarning([codeProtectionFlag], withPku)).toBeNull();
    expect(codeProtectionWarning([], withoutPku)).toBeNull();
  });

  it('is an option this Node accepts on its command line', () => {
    // A Node without it would refuse to start every server and site job.
    const result = spawnSync(process.execPath, [codeProtectionFlag, '-e', 'process.stdout.write("started")'], { encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe('started');
  });
});
