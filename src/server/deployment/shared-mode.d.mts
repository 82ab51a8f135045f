// Types of shared-mode.mjs, which scripts/start.mjs loads as plain JavaScript.
type Env = Readonly<Record<string, string | undefined>>;
export function isSharedMode(env: Env): boolean;
export function sharedModeProblems(env: Env): string[];
export function sharedModeMessage(problems: readonly string[]): string;
export function exitUnlessSharedModeReady(env: Env): void;
