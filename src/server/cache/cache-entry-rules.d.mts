// Types of cache-entry-rules.mjs, which Next loads as plain JavaScript.
export function isErrorRender(value: unknown): boolean;
export function tagsOf(value: unknown, ctx?: { tags?: string[] }): string[];
