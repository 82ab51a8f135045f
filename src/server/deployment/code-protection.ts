// V8 write-protects the code it compiles with the CPU's memory protection keys (PKU), where
// the CPU has them, and on Node 18 to 24 keeps one process-wide record of the pages of
// compiled code, which WebAssembly made and freed on threads that come and go can put out
// of step: the process aborts (`Check failed: jit_page.has_value()`). Duet's own launchers
// (`npm start`, the render pool's workers, site jobs, the test harnesses) start Node with
// `--no-memory-protection-keys`, which runs V8 as on a CPU without PKU and makes that rarer
// there. It is no cure (a CI run saw the abort despite the flag; some of V8's checks of that
// record do not depend on PKU, nodejs/node#64500), so the render pool keeps WebAssembly out
// of the server's process altogether: its workers are processes (server/render/
// worker-pool.ts). V8 reads the flag only on its command line, not in NODE_OPTIONS.

/** The Node option Duet starts every process of its own with. */
export const codeProtectionFlag = '--no-memory-protection-keys';
