// Types of cache-entry-codec.mjs, which Next loads as plain JavaScript.
export function encodeEntry(value: unknown): string;
export function decodeEntry(text: string): unknown;
