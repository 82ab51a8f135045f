// A reader's query in either script, made Simplified before it is cut into words: the
// search index holds the text as it was written (Simplified), so 軟體 must look for 软件.
// OpenCC's Traditional-to-Simplified tables (Taiwan phrases included: 軟體 → 软件,
// 資訊 → 信息) are small, about 10 ms to build, built on the first query that has a
// Chinese character. Simplified text goes through unchanged.
import { Converter } from 'opencc-js/t2cn';
import { hasHan } from './hant-text';

let toSimplified: ((text: string) => string) | null = null;

export function simplify(text: string): string {
  if (!hasHan(text)) return text;
  toSimplified ??= Converter({ from: 'twp', to: 'cn' });
  return toSimplified(text);
}
