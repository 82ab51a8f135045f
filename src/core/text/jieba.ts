// One jieba (Chinese word segmenter) per process, built on first use: loading its
// dictionary takes a quarter of a second and tens of megabytes. Kept on globalThis because
// Next may evaluate this module once per route bundle. Search and slugs share it.
import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict.js';

const globalKey = Symbol.for('duet.jieba');
type GlobalWithJieba = typeof globalThis & { [globalKey]?: Jieba };

export function getJieba(): Jieba {
  const store = globalThis as GlobalWithJieba;
  store[globalKey] ??= Jieba.withDict(dict);
  return store[globalKey];
}
