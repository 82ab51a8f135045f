// Splits a Hugo content file into its front matter and its Markdown body. Hugo accepts
// YAML between `---` lines, TOML between `+++` lines, and a JSON object at the very
// start. Aliases in YAML are capped (no "billion laughs"), and front matter over 1 MB is
// refused rather than parsed.
import { parse as parseToml } from 'smol-toml';
import { parse as parseYaml } from 'yaml';

export interface FrontMatterFile {
  data: Record<string, unknown>;
  body: string;
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
    return { data: marker === '---' ? readYaml(raw) : readToml(raw), body };
  }
  if (text.startsWith('{')) {
    const end = findJsonEnd(text);
    if (end < 0) throw new FrontMatterError('the JSON front matter is never closed');
    return { data: readJson(text.slice(0, end)), body: text.slice(end).replace(/^[ \t]*\n/, '') };
  }
  return { data: {}, body: text };
}

function readYaml(raw: string): Record<string, unknown> {
  try {
    return asRecord(parseYaml(raw, { maxAliasCount: 50, prettyErrors: false }));
  } catch (error) {
    throw new FrontMatterError(`the YAML front matter cannot be read: ${firstLine(error)}`);
  }
}

function readToml(raw: string): Record<string, unknown> {
  try {
    return asRecord(parseToml(raw));
  } catch (error) {
    throw new FrontMatterError(`the TOML front matter cannot be read: ${firstLine(error)}`);
  }
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
