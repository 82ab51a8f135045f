// The demo articles' bodies, zh and en, as the benches fill their sites with them (posts of
// the demo's length), and a renderer that formats each distinct body once: building a site
// of thousands of posts from a dozen bodies is not what a bench measures.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { renderDocument, type RenderDocumentInput, type RenderedDocument } from '@/core/markdown/render-document';

const demo = join(process.cwd(), 'demo', 'posts');
const bodyOf = (file: string) => readFileSync(file, 'utf8').replace(/^---[\s\S]*?---\n/, '');

/** Every demo article with both languages: its two bodies, front matter cut. */
export const demoPairs: Array<{ zh: string; en: string }> = readdirSync(demo)
  .filter((key) => existsSync(join(demo, key, 'zh.md')) && existsSync(join(demo, key, 'en.md')))
  .map((key) => ({ zh: bodyOf(join(demo, key, 'zh.md')), en: bodyOf(join(demo, key, 'en.md')) }));

const renders = new Map<string, Promise<RenderedDocument>>();

/** renderDocument, each distinct text formatted once. */
export const renderOnce = (input: RenderDocumentInput): Promise<RenderedDocument> => {
  const key = `${input.locale}\n${input.markdown}`;
  let found = renders.get(key);
  if (!found) renders.set(key, (found = renderDocument(input)));
  return found;
};
