// Types of scripts/patch-next.mjs for the server entry's start-up check.
export const MARK: string;
export function patchTargets(nextDir?: string): string[];
export function unpatchedFiles(nextDir?: string): string[];
