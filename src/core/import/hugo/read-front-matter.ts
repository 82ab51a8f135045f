// Splits a Hugo content file into its front matter and its Markdown body. Hugo accepts
// YAML between `---` lines, TOML between `+++` lines, and a JSON object at the very
// start. Aliases in YAML are capped (no "billion laughs"), and front matter over 1 MB is
// refused rather than parsed. TOML is read as leniently as Hugo builds it: a number with a
// leading zero (`dateday = 07`) is read as the number, and a line that still cannot be read
// is left out and named in `ignored`, so a field Duet does not use never costs a post.
import { parse as parseToml } from 'smol-toml';
import { parse as parseYaml } from 'yaml';

export interface FrontMatterFile {
  data: Record<string, unknown>;
  body: string;
  /** Fields left out because they could not be read (TOML only). */
  ignored: string[];
}

export class FrontMatterError extends Error {}

const maxFrontMatter = 1024 * 1024;

export function readFrontMatter(content: string): FrontMatterFile {
  const text = content.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const fence = /^(---|\+\+\+)[ \t]*\n/.exec(text);
  if (fence) {
    const marker = fence[1]!;
    const closing = new RegExp(`^(?:${marker === '---' ? '---|\\.\\.\\.' : '\\+\\+\\+'})[ \\t]*$`, 'm');
    closing.lastIndex = 0;
    const rest = text.slice(fence[0].length);
    const end = closing.exec(rest);
    if (!end) throw new FrontMatterError(`the front matter opened by ${marker} is never closed`);
    if (end.index > maxFrontMatter) throw new FrontMatterError('the front matter is larger than 1 MB');
    const raw = rest.slice(0, end.index);
    const body = rest.slice(end.index + end[0].length).replace(/^\n/, '');
    if (marker === '---') return { data: readYaml(raw), body, ignored: [] };
    return { ...readToml(raw), body };
  }
  if (text.startsWith('{')) {
    const end = findJsonEnd(text);
    if (end < 0) throw new FrontMatterError('the JSON front matter is never closed');
    return { data: readJson(text.slice(0, end)), body: text.slice(end).replace(/^[ \t]*\n/, ''), ignored: [] };
  }
  return { data: {}, body: text, ignored: [] };
}

function readYaml(raw: string): Record<string, unknown> {
  try {
    return asRecord(parseYaml(raw, { maxAliasCount: 50, prettyErrors: false }));
  } catch (error) {
    throw new FrontMatterError(`the YAML front matter cannot be read: ${firstLine(error)}`);
  }
}

const tomlKeyLine = /^[ \t]*([A-Za-z0-9_-]+|"[^"\n]*"|'[^'\n]*')[ \t]*=[ \t]*(.*)$/;

function readToml(raw: string): { data: Record<string, unknown>; ignored: string[] } {
  const lines = raw.split('\n');
  const ignored: string[] = [];
  let firstError: unknown = null;
  // Each pass mends or leaves out the one line the parser stopped at; a bounded number of times.
  for (let pass = 0; pass < 50; pass++) {
    try {
      return { data: asRecord(parseToml(lines.join('\n'))), ignored };
    } catch (error) {
      if (error instanceof FrontMatterError) throw error;
      firstError ??= error;
      const line = (error as { line?: unknown }).line;
      const index = typeof line === 'number' ? line - 1 : -1;
      const match = index >= 0 ? tomlKeyLine.exec(lines[index] ?? '') : null;
      if (!match) break;
      const value = match[2]!.trim();
      if (/^[+-]?0\d+$/.test(value)) {
        lines[index] = `${match[1]} = ${Number(value)}`;
      } else {
        ignored.push(match[1]!.replace(/^["']|["']$/g, ''));
        lines[index] = '';
      }
    }
  }
  throw new FrontMatterError(`the TOML front matter cannot be read: ${firstLine(firstError)}`);
}

function readJson(raw: string): Record<string, unknown> {
  try {
    return asRecord(JSON.parse(raw));
  } catch (error) {
    throw new FrontMatterError(`the JSON front matter cannot be read: ${firstLine(error)}`);
  }
}

/** Index just past the object that starts the text, or -1; strings are skipped properly. */
function findJsonEnd(text: string): number {
  let depth = 0;
  let inString = false;
  const limit = Math.min(text.length, maxFrontMatter);
  for (let i = 0; i < limit; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') {
      inString = true;
    } else if (ch === '{') {
      depth++;
    } else if (ch === '}' && --depth === 0) {
      return i + 1;
    }
  }
  return -1;
}

function asRecord(value: unknown): Record<string, unknown> {
  if (value === null || value === undefined) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw new FrontMatterError('the front matter is not a set of fields');
  return value as Record<string, unknown>;
}

function firstLine(error: unknown): string {
  return String((error as Error)?.message ?? error).split('\n')[0]!.slice(0, 200);
}
