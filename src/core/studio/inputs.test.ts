import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { mustPreserve, mustRefuse, naughtyStrings, type NaughtyString } from '../../../tests/fixtures/naughty-strings';
import * as inputs from './inputs';
import { fieldErrors, makePublishInput, textRules, type TextRules } from './inputs';

const now = new Date('2026-03-01T00:00:00Z');
const publishInput = makePublishInput(now);

// A valid input for every schema, with every optional text present (both languages, one
// navigation link) so that each text field can be swapped for a naughty string in turn.
const validInputs: Record<string, [z.ZodType, Record<string, unknown>]> = {
  setupOwnerInput: [inputs.setupOwnerInput, { name: 'Lin Yue', email: 'lin@example.com', password: 'correct horse battery' }],
  loginInput: [inputs.loginInput, { email: 'lin@example.com', password: 'x' }],
  createUserInput: [inputs.createUserInput, { email: 'ann@example.com', role: 'editor', name: 'Ann' }],
  inviteInput: [inputs.inviteInput, { email: 'tom@example.com', role: 'translator', name: 'Tom' }],
  acceptInviteInput: [inputs.acceptInviteInput, { token: 'A'.repeat(43), name: 'Tom', password: 'a long password' }],
  changePasswordInput: [inputs.changePasswordInput, { currentPassword: 'old password 1', newPassword: 'a brand new one' }],
  newPostInput: [inputs.newPostInput, { title: '两种语言', sourceLocale: 'zh' }],
  translationDraftInput: [
    inputs.translationDraftInput,
    {
      postId: 3,
      locale: 'en',
      title: 'Tea and time',
      slug: 'tea-and-time',
      excerpt: 'On waiting.',
      body: '# Tea\n\nWater first.',
      seoTitle: 'Tea',
      seoDescription: 'About tea.',
      expectedRevisionId: 12,
      basedOnRevisionId: 9,
    },
  ],
  postMetaInput: [
    inputs.postMetaInput,
    {
      postId: 3,
      tagIds: [1, 2],
      coverMediaId: null,
      featured: true,
      narration: { zh: 4, en: null },
      videoMediaId: 5,
      subtitleMediaIds: { zh: 6, en: 7 },
    },
  ],
  publishInput: [publishInput, { postId: 3, locale: 'zh', action: 'schedule', publishAt: '2026-03-02T09:30:00+08:00' }],
  tagInput: [
    inputs.tagInput,
    { key: 'typography', names: { zh: { name: '排版', slug: 'paiban' }, en: { name: 'Typography', slug: 'typography' } }, descriptions: { zh: '字与版面。', en: 'Letters on the page.' } },
  ],
  authorProfileInput: [
    inputs.authorProfileInput,
    { handle: 'lin-yue', name: { zh: '林悦', en: 'Lin Yue' }, bio: { zh: '主编。', en: 'Editor.' } },
  ],
  siteSettingsInput: [
    inputs.siteSettingsInput,
    {
      locale: 'zh',
      title: '双声',
      description: '一本小杂志。',
      navigation: [{ label: '关于', href: '/zh/about' }],
      socialLinks: [{ label: '微博', href: 'https://weibo.com/duet' }],
      podcastEmail: 'podcast@example.com',
    },
  ],
  siteLookInput: [inputs.siteLookInput, { accent: '#1d4ed8', logoMediaId: 2, darkLogoMediaId: 4, iconMediaId: 3 }],
  profilePictureInput: [inputs.profilePictureInput, { imageMediaId: 4 }],
  siteTimeZoneInput: [inputs.siteTimeZoneInput, { timeZone: 'Asia/Shanghai' }],
  mediaTextInput: [
    inputs.mediaTextInput,
    { mediaId: 8, alt: { zh: '一杯茶', en: 'A cup of tea' }, caption: { zh: '茶。', en: 'Tea.' } },
  ],
};

type Path = (string | number)[];

/** Every string inside a schema, with its path (arrays at index 0) and its text rules. */
function textFieldsOf(schema: z.ZodType, path: Path = []): Array<{ path: Path; rules: TextRules | undefined }> {
  if (schema instanceof z.ZodString) return [{ path, rules: textRules.get(schema) }];
  if (schema instanceof z.ZodObject) {
    return Object.entries(schema.shape as Record<string, z.ZodType>).flatMap(([key, field]) => textFieldsOf(field, [...path, key]));
  }
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) return textFieldsOf(schema.unwrap() as z.ZodType, path);
  if (schema instanceof z.ZodArray) return textFieldsOf(schema.element as z.ZodType, [...path, 0]);
  if (schema instanceof z.ZodPipe) return textFieldsOf(schema.in as z.ZodType, path);
  if (schema instanceof z.ZodUnion) return (schema.options as z.ZodType[]).flatMap((option) => textFieldsOf(option, path));
  return [];
}

function withValueAt(input: Record<string, unknown>, path: Path, value: unknown): Record<string, unknown> {
  const copy = structuredClone(input);
  let node: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) {
    if (typeof node[key] !== 'object' || node[key] === null) throw new Error(`valid input has nothing at ${path.join('.')}`);
    node = node[key] as Record<string | number, unknown>;
  }
  node[path.at(-1)!] = value;
  return copy;
}

function valueAt(output: unknown, path: Path): unknown {
  return path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], output);
}

/** What a prose field must do with legitimate text, from its rules alone. */
function shouldAccept(text: string, rules: TextRules): boolean {
  const length = [...text].length;
  if (length < rules.min || length > rules.max) return false;
  if (rules.isSingleLine && /[\n\r\u2028\u2029]/.test(text)) return false;
  if (rules.isNotBlank && !/[^\s\p{Cf}]/u.test(text)) return false;
  return true;
}

const textFields = Object.entries(validInputs).flatMap(([name, [schema, valid]]) =>
  textFieldsOf(schema).map(({ path, rules }) => ({ name, schema, valid, path, rules, label: `${name}.${path.join('.')}` })),
);

describe('the Studio inputs', () => {
  it('has a valid example for every schema, and each one parses', () => {
    const schemaNames = Object.entries(inputs)
      .filter(([, value]) => value instanceof z.ZodType)
      .map(([name]) => name);
    expect(schemaNames.sort()).toEqual(Object.keys(validInputs).filter((name) => name !== 'publishInput').sort());
    for (const [name, [schema, valid]] of Object.entries(validInputs)) {
      expect(schema.safeParse(valid).success, name).toBe(true);
    }
  });

  it('finds every text field, and each one carries its rules (for the form’s maxLength)', () => {
    expect(textFields.length).toBeGreaterThan(30);
    for (const field of textFields) expect(field.rules, field.label).toBeDefined();
  });
});

describe.each(textFields)('$label against the naughty strings', ({ schema, valid, path, rules }) => {
  const key = path.join('.');

  const run = (entry: NaughtyString) => {
    const result = schema.safeParse(withValueAt(valid, path, entry.text));
    return result.success
      ? { accepted: true as const, value: valueAt(result.data, path) }
      : { accepted: false as const, fields: fieldErrors(result.error) };
  };

  it('refuses every unstorable string, naming only this field', () => {
    const wrong: string[] = [];
    for (const entry of mustRefuse) {
      const outcome = run(entry);
      if (outcome.accepted) wrong.push(`${entry.name}: accepted`);
      else if (Object.keys(outcome.fields).join() !== key) wrong.push(`${entry.name}: blamed ${Object.keys(outcome.fields).join()}`);
    }
    expect(wrong).toEqual([]);
  });

  it('keeps legitimate text byte for byte, or refuses it on this field alone', () => {
    const wrong: string[] = [];
    for (const entry of mustPreserve) {
      const outcome = run(entry);
      if (outcome.accepted) {
        if (outcome.value !== entry.text) wrong.push(`${entry.name}: changed`);
        else if (rules!.shape === 'prose' && !shouldAccept(entry.text, rules!)) wrong.push(`${entry.name}: accepted`);
      } else {
        if (Object.keys(outcome.fields).join() !== key) wrong.push(`${entry.name}: blamed ${Object.keys(outcome.fields).join()}`);
        if (rules!.shape === 'prose' && shouldAccept(entry.text, rules!)) wrong.push(`${entry.name}: refused (${outcome.fields[key]})`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('the naughty strings corpus', () => {
  it('is big and varied enough to mean something', () => {
    expect(naughtyStrings.length).toBeGreaterThanOrEqual(150);
    expect(new Set(naughtyStrings.map((entry) => entry.category)).size).toBeGreaterThanOrEqual(20);
    expect(new Set(naughtyStrings.map((entry) => entry.name)).size).toBe(naughtyStrings.length);
  });

  it('gives the right reason for each kind of refusal', () => {
    const reason = (text: string) => fieldErrors(inputs.translationDraftInput.safeParse({ ...validInputs.translationDraftInput![1], body: text }).error!).body;
    expect(reason('a\u0000b')).toEqual([expect.stringContaining('control character')]);
    expect(reason('a\ud800b')).toEqual([expect.stringContaining('broken character')]);
    expect(reason('字'.repeat(200_001))).toEqual(['Must be at most 200,000 characters.']);
  });
});
