import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import en from '../../../messages/en.json';
import zh from '../../../messages/zh.json';
import { originList } from '@/core/api-keys/api-key';
import { emailField, hrefField, inviteTokenField, webAddressField } from './fields';
import { siteLookInput } from './site-inputs';
import { passwordField } from './fields';
import { blockText, lineText } from './text-field';
import { validationCodeOf, validationCodes } from './validation-code';

function codesOf(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected a refusal');
  return result.error.issues.map(validationCodeOf);
}

describe('validationCodeOf', () => {
  it('gives the text rules their codes and numbers', () => {
    expect(codesOf(lineText(5), 'abcdefg')).toEqual([{ code: 'tooLong', values: { max: 5 } }]);
    expect(codesOf(passwordField(10), 'short')).toEqual([{ code: 'tooShort', values: { min: 10 } }]);
    expect(codesOf(lineText(5), '')).toEqual([{ code: 'required', values: undefined }]);
    expect(codesOf(lineText(5), ' \u200b ')).toEqual([{ code: 'required', values: undefined }]);
    expect(codesOf(lineText(5), undefined)).toEqual([{ code: 'required', values: undefined }]);
    expect(codesOf(lineText(5), 'a\nb')).toEqual([{ code: 'lineBreak', values: undefined }]);
    expect(codesOf(blockText(5), 'a\u0000b')).toEqual([{ code: 'characters', values: undefined }]);
    expect(codesOf(blockText(5), 'a\ud800b')).toEqual([{ code: 'characters', values: undefined }]);
  });

  it('gives the shaped fields theirs, and a shape without a code is invalid', () => {
    expect(codesOf(emailField, 'not-an-address')).toEqual([{ code: 'email', values: undefined }]);
    expect(codesOf(webAddressField, 'example.com')).toEqual([{ code: 'webAddress', values: undefined }]);
    expect(codesOf(hrefField, 'example.com')).toEqual([{ code: 'webAddress', values: undefined }]);
    expect(codesOf(hrefField, 'https://user:pw@example.com')).toEqual([{ code: 'invalid', values: undefined }]);
    expect(codesOf(inviteTokenField, '!'.repeat(40))).toEqual([{ code: 'invalid', values: undefined }]);
    expect(codesOf(originList, 'nope')).toEqual([{ code: 'origin', values: undefined }]);
  });

  it('carries the contrast an accent has', () => {
    const look = (accent: string) => codesOf(siteLookInput.pick({ accent: true }), { accent });
    expect(look('tomato')).toEqual([{ code: 'colour', values: undefined }]);
    expect(look('#767676')).toEqual([{ code: 'contrastLight', values: { ratio: '4.28' } }]);
  });

  it('has a sentence for every code in both languages', () => {
    for (const messages of [en, zh]) expect(Object.keys(messages.studio.validation)).toEqual(expect.arrayContaining([...validationCodes]));
  });
});
