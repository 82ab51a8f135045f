import { describe, expect, it } from 'vitest';
import { defaultFediverseSettings, fediverseSettingsSchema, isValidHandle, localeOfHandle, parseFediverseSettings } from './settings';

describe('fediverse settings', () => {
  it('accepts handles Mastodon accepts as usernames and refuses the rest', () => {
    expect(isValidHandle('zh')).toBe(true);
    expect(isValidHandle('duet_mag2')).toBe(true);
    expect(isValidHandle('Duet')).toBe(false);
    expect(isValidHandle('du-et')).toBe(false);
    expect(isValidHandle('双声')).toBe(false);
    expect(isValidHandle('')).toBe(false);
    expect(isValidHandle('a'.repeat(31))).toBe(false);
  });

  it('refuses the same handle for both languages, naming the field', () => {
    const result = fediverseSettingsSchema.safeParse({ handles: { zh: 'duet', en: 'duet' }, followPolicy: 'auto', repliesPolicy: 'held' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['handles', 'en']);
    expect(fediverseSettingsSchema.safeParse({ handles: { zh: 'zh', en: 'en' }, followPolicy: 'auto', repliesPolicy: 'held', extra: 1 }).success).toBe(false);
  });

  it('reads unset or broken rows as the defaults: zh and en, follows accepted, replies held', () => {
    expect(parseFediverseSettings({ handles: {} })).toEqual(defaultFediverseSettings);
    expect(parseFediverseSettings({ handles: { zh: 'Not Valid', en: 'english' }, followPolicy: 'sometimes', repliesPolicy: 'auto' })).toEqual({
      handles: { zh: 'zh', en: 'english' },
      followPolicy: 'auto',
      repliesPolicy: 'auto',
    });
    expect(parseFediverseSettings({ handles: { zh: 'same', en: 'same' } }).handles).toEqual({ zh: 'zh', en: 'en' });
  });

  it('finds the language of a handle whatever its case', () => {
    expect(localeOfHandle(defaultFediverseSettings, 'EN')).toBe('en');
    expect(localeOfHandle(defaultFediverseSettings, 'fr')).toBeNull();
  });
});
