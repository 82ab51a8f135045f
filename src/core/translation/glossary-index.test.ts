// The glossary index as the editor uses it: every occurrence, words whole, the longer term
// where two overlap, in both scripts.
import { describe, expect, it } from 'vitest';
import { indexGlossary } from './glossary-index';

const term = (zh: string, en: string) => ({ zh, en, note: '', doNotTranslate: false, forbidden: [] });
const terms = [term('翻译记忆', 'translation memory'), term('记忆', 'memory'), term('艺术', 'art')];

describe('indexGlossary.findAll', () => {
  it('finds every occurrence of a Chinese term, the longer one where they overlap', () => {
    const hits = indexGlossary(terms, 'zh').findAll('翻译记忆不是记忆，记忆也不是艺术。');
    expect(hits.map((h) => [h.term.en, h.start, h.end])).toEqual([
      ['translation memory', 0, 4],
      ['memory', 6, 8],
      ['memory', 9, 11],
      ['art', 14, 16],
    ]);
  });

  it('matches English words whole and whatever their case', () => {
    const hits = indexGlossary(terms, 'en').findAll('Translation memory, then memory: the art of a start in Art.');
    expect(hits.map((h) => h.term.zh)).toEqual(['翻译记忆', '记忆', '艺术', '艺术']);
  });

  it('keeps find to the first place of each term', () => {
    expect(indexGlossary(terms, 'zh').find('记忆，记忆').map((h) => h.start)).toEqual([0]);
  });
});
