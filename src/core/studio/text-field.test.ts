import { describe, expect, it } from 'vitest';
import { blockText, countCodePoints, findTextProblem, lineText, messages, optionalLineText, textRules, type TextRules } from './text-field';

const oneLine: TextRules = { min: 1, max: 10, isSingleLine: true, isNotBlank: true, shape: 'prose' };
const paragraphs: TextRules = { min: 0, max: 10, isSingleLine: false, isNotBlank: false, shape: 'prose' };

describe('countCodePoints', () => {
  it('counts a surrogate pair as one character and a lone half as one', () => {
    expect(countCodePoints('')).toBe(0);
    expect(countCodePoints('字𠀀😀')).toBe(3);
    expect(countCodePoints('a\ud800b')).toBe(3);
    expect(countCodePoints('\ude00\ud83d')).toBe(2);
  });

  it('stops counting just past the limit', () => {
    expect(countCodePoints('a'.repeat(1000), 10)).toBe(11);
  });
});

describe('findTextProblem', () => {
  it.each<[string, string, TextRules, string | null]>([
    ['a plain title', 'Tea time', oneLine, null],
    ['HTML in a title', '<b>', oneLine, null],
    ['exactly the limit in supplementary Han', '𠀀'.repeat(10), oneLine, null],
    ['past the limit', 'a'.repeat(11), oneLine, messages.tooLong(10)],
    ['empty where required', '', oneLine, messages.empty],
    ['only spaces', ' \u3000\u00a0', oneLine, messages.blank],
    ['only a zero-width space', '\u200b', oneLine, messages.blank],
    ['a line break in one line', 'a\nb', oneLine, messages.lineBreak],
    ['a line separator in one line', 'a\u2028b', oneLine, messages.lineBreak],
    ['a tab in one line', 'a\tb', oneLine, null],
    ['NUL', 'a\u0000', oneLine, messages.control],
    ['DEL', 'a\u007f', paragraphs, messages.control],
    ['a C1 control', 'a\u0085', paragraphs, messages.control],
    ['a lone surrogate', 'a\ud83d', paragraphs, messages.surrogate],
    ['line breaks in paragraphs', 'a\r\nb\n\tc', paragraphs, null],
    ['empty paragraphs', '', paragraphs, null],
  ])('%s', (_name, text, rules, expected) => {
    expect(findTextProblem(text, rules)).toBe(expected);
  });

  it('says how many characters are allowed, with separators', () => {
    expect(messages.tooLong(200_000)).toBe('Must be at most 200,000 characters.');
    expect(findTextProblem('ab', { ...paragraphs, min: 3 })).toBe('Must be at least 3 characters.');
  });
});

describe('text schemas', () => {
  it('carry their rules, so a form can read maxLength and required', () => {
    expect(textRules.get(lineText(80))).toEqual({ min: 1, max: 80, isSingleLine: true, isNotBlank: true, shape: 'prose' });
    expect(textRules.get(optionalLineText(300).optional().unwrap())).toMatchObject({ min: 0, max: 300 });
    expect(textRules.get(blockText(2000))).toMatchObject({ isSingleLine: false, isNotBlank: false });
  });

  it('say "Required." for a missing value and "Must be text." for a number', () => {
    expect(lineText(5).safeParse(undefined).error?.issues[0]?.message).toBe('Required.');
    expect(lineText(5).safeParse(5).error?.issues[0]?.message).toBe('Must be text.');
  });

  it('give one message per problem, the cheap length check first', () => {
    const issues = lineText(3).safeParse('\u0000'.repeat(10)).error?.issues;
    expect(issues?.map((issue) => issue.message)).toEqual([messages.tooLong(3)]);
  });

  it('return the text untouched', () => {
    const text = '  Cafe\u0301 <script> \u202e ';
    expect(lineText(80).parse(text)).toBe(text);
  });
});
