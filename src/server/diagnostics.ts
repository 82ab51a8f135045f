// Pages that fail on purpose, so the browser suite can prove the 500 view and the
// client-side exception notice. They exist only when DUET_DIAGNOSTICS=1 at run time.
export function areDiagnosticsEnabled(): boolean {
  return process.env.DUET_DIAGNOSTICS === '1';
}
