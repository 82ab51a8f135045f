import { describe, expect, it } from 'vitest';
import { validationCodeOf } from '@/core/studio/validation-code';
import { blockInput, fediverseAddress, fediverseSettingsInput, parseFollowerQuery, parseReplyQuery, replyDecisionInput, toKeysetPage } from './moderation';

const settings = { zhHandle: 'zh', enHandle: 'en', followPolicy: 'auto', repliesPolicy: 'held' };

describe('the fediverse settings form', () => {
  it('takes handles of 1 to 30 lowercase letters, digits and _', () => {
    expect(fediverseSettingsInput.parse({ ...settings, zhHandle: 'duet_zh2', enHandle: 'a'.repeat(30) })).toMatchObject({ zhHandle: 'duet_zh2' });
  });

  it.each([[''], ['a'.repeat(31)], ['Duet'], ['zh-cn'], ['中文'], ['a b'], ['@zh']])('refuses the handle %j with the code the Studio words', (handle) => {
    const result = fediverseSettingsInput.safeParse({ ...settings, zhHandle: handle });
    expect(result.success).toBe(false);
    const issue = result.error!.issues[0]!;
    expect(issue.path).toEqual(['zhHandle']);
    expect(validationCodeOf(issue).code).toBe('handle');
  });

  it('refuses the same handle for both languages, beside the English one', () => {
    const result = fediverseSettingsInput.safeParse({ ...settings, enHandle: 'zh' });
    expect(result.error!.issues.map((i) => [i.path, validationCodeOf(i).code])).toEqual([[['enHandle'], 'handlesDistinct']]);
  });

  it('refuses a policy it does not know, and fields it does not expect', () => {
    expect(fediverseSettingsInput.safeParse({ ...settings, followPolicy: 'never' }).success).toBe(false);
    expect(fediverseSettingsInput.safeParse({ ...settings, extra: 1 }).success).toBe(false);
  });
});

describe('moderation inputs', () => {
  it('takes a reply id from a form and a state it knows', () => {
    expect(replyDecisionInput.parse({ id: '12', state: 'approved' })).toEqual({ id: 12, state: 'approved' });
    expect(replyDecisionInput.safeParse({ id: '0', state: 'approved' }).success).toBe(false);
    expect(replyDecisionInput.safeParse({ id: '1.5', state: 'approved' }).success).toBe(false);
    expect(replyDecisionInput.safeParse({ id: '3', state: 'deleted' }).success).toBe(false);
  });

  it('blocks an actor by its http(s) id and an instance by its host name, in lower case', () => {
    expect(blockInput.parse({ kind: 'actor', value: 'https://social.example/users/alice' })).toEqual({ kind: 'actor', value: 'https://social.example/users/alice' });
    expect(blockInput.parse({ kind: 'instance', value: ' Social.Example ' })).toEqual({ kind: 'instance', value: 'social.example' });
    expect(blockInput.parse({ kind: 'instance', value: 'localhost:3000' }).value).toBe('localhost:3000');
    for (const bad of [
      { kind: 'actor', value: 'javascript:alert(1)' },
      { kind: 'actor', value: 'alice' },
      { kind: 'instance', value: 'https://social.example' },
      { kind: 'instance', value: 'social..example' },
      { kind: 'instance', value: '' },
      { kind: 'server', value: 'social.example' },
    ]) {
      expect(blockInput.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('list links', () => {
  it('reads a followers link leniently: an unknown language or state is the default view', () => {
    expect(parseFollowerQuery({ language: 'en', state: 'pending', before: '40' }, 'zh')).toEqual({ locale: 'en', state: 'pending', before: 40 });
    expect(parseFollowerQuery({ language: 'fr', state: 'blocked', before: '-3' }, 'zh')).toEqual({ locale: 'zh', state: 'accepted' });
    expect(parseFollowerQuery({ language: ['en', 'zh'], before: '1e9' }, 'zh')).toEqual({ locale: 'en', state: 'accepted' });
  });

  it('reads a replies link: waiting replies unless another state is named', () => {
    expect(parseReplyQuery({})).toEqual({ state: 'held' });
    expect(parseReplyQuery({ state: 'hidden', before: '7' })).toEqual({ state: 'hidden', before: 7 });
    expect(parseReplyQuery({ state: 'spam', before: '0' })).toEqual({ state: 'held' });
  });

  it('cuts one row more than a page into the page and the next cursor', () => {
    const rows = [5, 4, 3].map((id) => ({ id }));
    expect(toKeysetPage(rows, 2)).toEqual({ items: [{ id: 5 }, { id: 4 }], next: 4 });
    expect(toKeysetPage(rows.slice(0, 2), 2)).toEqual({ items: [{ id: 5 }, { id: 4 }], next: null });
  });
});

it('writes the address a reader follows', () => {
  expect(fediverseAddress('zh', 'duet.example')).toBe('@zh@duet.example');
});
