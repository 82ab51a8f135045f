// The demo articles that have both languages, as the translation memory's tests publish
// them: their two bodies, front matter cut, in the folder's order.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const demo = join(process.cwd(), 'demo', 'posts');
const bodyOf = (file: string) => readFileSync(file, 'utf8').replace(/^---[\s\S]*?---\n/, '');

export const demoPairs: Array<{ zh: string; en: string }> = readdirSync(demo)
  .sort()
  .filter((key) => existsSync(join(demo, key, 'zh.md')) && existsSync(join(demo, key, 'en.md')))
  .map((key) => ({ zh: bodyOf(join(demo, key, 'zh.md')), en: bodyOf(join(demo, key, 'en.md')) }));
