// V8 write-protects the code it compiles with the CPU's memory protection keys (PKU), where
// the CPU has them. On Node 18 to 24 its record of those pages can lose one when
// WebAssembly code is made and freed on worker threads, and the process aborts
// (`Check failed: jit_page.has_value()`): Duet's render workers run HarfBuzz's WebAssembly
// (subset-font), and the render pool ends workers. Duet's own launchers (`npm start`, site
// jobs, the test harnesses) start Node with `--no-memory-protection-keys`, which runs V8 as
// on a CPU without PKU. V8 reads the flag only on its command line (not NODE_OPTIONS), so a
// server started another way says so when it starts.
import { readFileSync } from 'node:fs';

/** The Node option Duet starts every process of its own with. */
export const codeProtectionFlag = '--no-memory-protection-keys';

/** Whether `/proc/cpuinfo`'s text lists the pku flag (any core). */
export function cpuHasProtectionKeys(cpuinfo: string): boolean {
  return /^flags\s*:.*\bpku\b/m.test(cpuinfo);
}

/**
 * The warning to log when this process could abort as above (a PKU CPU and no flag);
 * null when it cannot.
 */
export function codeProtectionWarning(execArgv: readonly string[], cpuinfo: string): string | null {
  if (execArgv.includes(codeProtectionFlag) || !cpuHasProtectionKeys(cpuinfo)) return null;
  return `this CPU has memory protection keys and Node was started without ${codeProtectionFlag}: V8 can abort the server when render workers end (Check failed: jit_page.has_value()). Start it with \`npm start\`, or \`node ${codeProtectionFlag} scripts/start.mjs\`.`;
}

/** This machine's `/proc/cpuinfo` ('' where there is none: not Linux). */
export function readCpuinfo(): string {
  try {
    return readFileSync('/proc/cpuinfo', 'utf8');
  } catch {
    return '';
  }
}
