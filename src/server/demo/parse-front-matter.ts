// Splits a demo Markdown file into its front matter and body. The demo files use a tiny
// subset of YAML (`key: value` lines, values optionally double-quoted), so a few lines
// of parsing replace a YAML dependency; zod then checks the fields.
import { z } from 'zod';

export const frontMatterSchema = z.strictObject({
  slug: z.string().min(1),
  title: z.string().min(1),
  excerpt: z.string().default(''),
});

export type FrontMatter = z.infer<typeof frontMatterSchema>;

export function parseFrontMatter(source: string, file: string): { fields: FrontMatter; body: string } {
  const text = source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const match = /^---\n([\s\S]*?)\n---[ \t]*(?:\n|$)/.exec(text);
  if (!match) throw new Error(`${file}: expected front matter between --- lines at the top`);

  const raw: Record<string, string> = {};
  for (const [index, line] of match[1]!.split('\n').entries()) {
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    const pair = /^([A-Za-z][\w-]*):[ \t]*(.*)$/.exec(line);
    if (!pair) throw new Error(`${file}: front matter line ${index + 2} is not "key: value"`);
    raw[pair[1]!] = unquote(pair[2]!.trim(), file);
  }

  const parsed = frontMatterSchema.safeParse(raw);
  if (!parsed.success) throw new Error(`${file}: invalid front matter\n${z.prettifyError(parsed.error)}`);
  return { fields: parsed.data, body: text.slice(match[0].length).replace(/^\n+/, '') };
}

/** A double-quoted value follows JSON's escapes, which is what YAML's double quotes accept for our text. */
function unquote(value: string, file: string): string {
  if (!value.startsWith('"')) return value;
  try {
    const parsed: unknown = JSON.parse(value);
    if (typeof parsed === 'string') return parsed;
  } catch {
    // fall through to the error below
  }
  throw new Error(`${file}: malformed quoted value ${value}`);
}
