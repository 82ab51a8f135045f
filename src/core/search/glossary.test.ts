import { describe, expect, it } from 'vitest';
import { expandQuery, glossaryPhrases, isIndexedPhrase, phraseToken, withPhraseTokens } from './glossary';
import { tokenizeQuery, type QueryTerm } from './tokenize';

const entries = [
  ['双语', '两种语言', 'bilingual', 'two languages'],
  ['春节', 'spring festival'],
];

/** A term's alternatives as readable strings: words joined by +. */
const alternativesOf = (term: QueryTerm) => term.alternatives.map((a) => a.map((t) => t.term).join('+'));

describe('expandQuery', () => {
  it('gives a word the other ways to say it, in both languages', () => {
    const [term] = expandQuery(tokenizeQuery('双语'), entries);
    expect(term!.term).toBe('双语');
    expect(alternativesOf(term!)).toEqual(['两种+语言', 'bilingual', 'two+languag']);
  });

  it('matches a phrase of the query as a whole, and leaves other words alone', () => {
    const terms = expandQuery(tokenizeQuery('Spring Festival food'), entries);
    expect(terms.map((t) => [t.term, t.parts])).toEqual([
      ['spring festival', ['spring', 'festival']],
      ['food', []],
    ]);
    expect(alternativesOf(terms[0]!)).toEqual(['春节']);
    expect(terms[1]!.alternatives).toEqual([]);
  });

  it('matches inflected forms, since both sides are tokenized', () => {
    expect(alternativesOf(expandQuery(tokenizeQuery('Two Language'), entries)[0]!)).toEqual(['双语', '两种+语言', 'bilingual']);
  });

  it('does nothing without a glossary', () => {
    expect(expandQuery(tokenizeQuery('双语'), [])).toEqual(tokenizeQuery('双语'));
  });
});

describe('indexed phrases', () => {
  it('are the English phrasings of several words', () => {
    expect(glossaryPhrases(entries)).toEqual([
      ['two', 'languag'],
      ['spring', 'festival'],
    ]);
    expect(isIndexedPhrase(tokenizeQuery('two languages'))).toBe(true);
    expect(isIndexedPhrase(tokenizeQuery('两种语言'))).toBe(false);
    expect(isIndexedPhrase(tokenizeQuery('bilingual'))).toBe(false);
  });

  it('are added to a text’s tokens where its words spell them out in order', () => {
    const phrases = glossaryPhrases(entries);
    expect(withPhraseTokens(['why', 'publish', 'in', 'two', 'languag'], phrases)).toEqual(['why', 'publish', 'in', 'two', 'languag', phraseToken(['two', 'languag'])]);
    expect(withPhraseTokens(['languag', 'two'], phrases)).toEqual(['languag', 'two']);
  });

  it('join their words with a letter that no tokenizer splits on or folds', () => {
    const token = phraseToken(['two', 'languag']);
    expect(token).toMatch(/^two\p{L}languag$/u);
    expect(token.normalize('NFKC').toLowerCase()).toBe(token);
  });
});
