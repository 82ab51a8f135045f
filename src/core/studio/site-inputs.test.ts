import { describe, expect, it } from 'vitest';
import { fieldErrors } from './field-errors';
import { authorProfileInput, mediaTextInput, siteLookInput, siteSettingsInput, storedAccent, tagInput } from './site-inputs';

const fieldsAtFault = (result: { success: boolean; error?: Parameters<typeof fieldErrors>[0] }) =>
  result.success ? [] : Object.keys(fieldErrors(result.error!));

describe('tagInput', () => {
  it('takes a key and a name and slug in at least one language', () => {
    expect(tagInput.safeParse({ key: 'typography', names: { zh: { name: '排版', slug: 'paiban' } } }).success).toBe(true);
    expect(tagInput.safeParse({ key: 'tea', names: { en: { name: 'Tea & <Time>', slug: 'tea' } } }).success).toBe(true);
    expect(fieldErrors(tagInput.safeParse({ key: 'tea', names: {} }).error!)).toEqual({ names: ['Give at least one language.'] });
    expect(fieldsAtFault(tagInput.safeParse({ key: 'tea', names: { zh: { name: '茶' } } }))).toEqual(['names.zh.slug']);
    expect(fieldsAtFault(tagInput.safeParse({ key: 'Tea Time', names: { zh: { name: '茶', slug: '茶' } } }))).toEqual(['key']);
  });
});

describe('authorProfileInput', () => {
  it('takes a handle, a name in at least one language and optional bios', () => {
    expect(authorProfileInput.safeParse({ handle: 'lin-yue', name: { en: 'Lin Yue' }, bio: {} }).success).toBe(true);
    expect(fieldsAtFault(authorProfileInput.safeParse({ handle: 'lin-yue', name: {}, bio: {} }))).toEqual(['name']);
    expect(fieldsAtFault(authorProfileInput.safeParse({ handle: 'lin yue', name: { zh: '林' }, bio: { zh: 'x'.repeat(2001) } }))).toEqual([
      'handle',
      'bio.zh',
    ]);
  });

  it('keeps a bio with paragraphs as written', () => {
    const bio = '第一段。\n\n第二段，有 <em>HTML</em>。\n';
    expect(authorProfileInput.parse({ handle: 'lin-yue', name: { zh: '林悦' }, bio: { zh: bio } }).bio.zh).toBe(bio);
  });
});

describe('siteSettingsInput', () => {
  const settings = { locale: 'en', title: 'Duet Magazine', description: '', navigation: [] as unknown[], socialLinks: [] as unknown[], podcastEmail: '' };

  it('takes up to 12 links, to this site or to the web', () => {
    const navigation = [
      { label: 'About', href: '/en/about' },
      { label: 'Code', href: 'https://github.com/example/duet' },
    ];
    expect(siteSettingsInput.parse({ ...settings, navigation }).navigation).toEqual(navigation);
    const thirteen = Array.from({ length: 13 }, () => ({ label: 'x', href: '/' }));
    expect(fieldsAtFault(siteSettingsInput.safeParse({ ...settings, navigation: thirteen }))).toEqual(['navigation']);
  });

  it.each(['javascript:alert(1)', 'data:text/html,hi', '//evil.example', '/\\evil.example', 'https://a@evil.example'])(
    'refuses a link to %s, naming the link',
    (href) => {
      const navigation = [{ label: 'Home', href: '/' }, { label: 'Bad', href }];
      expect(fieldsAtFault(siteSettingsInput.safeParse({ ...settings, navigation }))).toEqual(['navigation.1.href']);
    },
  );

  it('refuses an empty title, a long description and a long label', () => {
    const result = siteSettingsInput.safeParse({
      ...settings,
      title: '',
      description: 'x'.repeat(501),
      navigation: [{ label: 'x'.repeat(61), href: '/' }],
    });
    expect(fieldsAtFault(result)).toEqual(['title', 'description', 'navigation.0.label']);
  });
});

describe('siteSettingsInput: social links and the podcast’s address', () => {
  const settings = { locale: 'zh', title: '双声', description: '', navigation: [], socialLinks: [] as unknown[], podcastEmail: '' };

  it('takes profiles elsewhere as web addresses, and an optional e-mail address', () => {
    const socialLinks = [
      { label: 'Mastodon', href: 'https://mastodon.social/@duet' },
      { label: '微博', href: 'http://weibo.com/duet' },
    ];
    expect(siteSettingsInput.parse({ ...settings, socialLinks, podcastEmail: 'podcast@example.com' })).toMatchObject({ socialLinks, podcastEmail: 'podcast@example.com' });
    expect(siteSettingsInput.parse(settings).podcastEmail).toBe('');
  });

  it('names each link and the address at fault', () => {
    const socialLinks = [
      { label: 'About', href: '/zh/about' },
      { label: 'Bad', href: 'javascript:alert(1)' },
      { label: '', href: 'https://example.com' },
      { label: 'Who', href: 'https://me@evil.example' },
    ];
    const result = siteSettingsInput.safeParse({ ...settings, socialLinks, podcastEmail: 'not an address' });
    expect(fieldErrors(result.error!)).toEqual({
      'socialLinks.0.href': ['Must be a web address starting with https:// or http://.'],
      'socialLinks.1.href': ['Must be a web address starting with https:// or http://.'],
      'socialLinks.2.label': ['Must not be empty.'],
      'socialLinks.3.href': ['Must not contain a user name or password.'],
      podcastEmail: ['Must be an email address, such as name@example.com.'],
    });
    const thirteen = Array.from({ length: 13 }, () => ({ label: 'x', href: 'https://example.com' }));
    expect(fieldsAtFault(siteSettingsInput.safeParse({ ...settings, socialLinks: thirteen }))).toEqual(['socialLinks']);
  });
});

describe('siteLookInput', () => {
  it('takes an accent with enough contrast (stored as #rrggbb), or none, and the chosen logos and icon', () => {
    const look = siteLookInput.parse({ accent: '#1D4ED8', logoMediaId: 3, darkLogoMediaId: 5, iconMediaId: null });
    expect(look).toEqual({ accent: '#1D4ED8', logoMediaId: 3, darkLogoMediaId: 5, iconMediaId: null });
    expect(storedAccent(look.accent)).toBe('#1d4ed8');
    expect(storedAccent(siteLookInput.parse({ accent: '', logoMediaId: null, darkLogoMediaId: null, iconMediaId: 4 }).accent)).toBeNull();
  });

  it('refuses an accent that would be hard to read on the light paper, saying why', () => {
    const result = siteLookInput.safeParse({ accent: '#f5c400', logoMediaId: null, darkLogoMediaId: null, iconMediaId: null });
    expect(fieldErrors(result.error!)).toEqual({
      accent: [expect.stringMatching(/^Has a contrast of 1\.\d\d:1 on the light paper \(#fbf8f3\); text needs at least 4\.5:1\./)],
    });
    expect(fieldErrors(siteLookInput.safeParse({ accent: 'teal', logoMediaId: 0, darkLogoMediaId: -1, iconMediaId: 'x' }).error!)).toEqual({
      accent: ['Must be a colour in hex, such as #b3402a.'],
      logoMediaId: [expect.stringMatching(/^Must be a whole number/)],
      darkLogoMediaId: [expect.stringMatching(/^Must be a whole number/)],
      iconMediaId: [expect.stringMatching(/^Must be a whole number/)],
    });
  });
});

describe('mediaTextInput', () => {
  it('takes alt text (empty for a decorative image) and captions per language', () => {
    const input = { mediaId: 2, alt: { zh: '', en: 'A cup of tea' }, caption: { en: 'Tea,\nslowly.' } };
    expect(mediaTextInput.parse(input)).toEqual(input);
    expect(fieldsAtFault(mediaTextInput.safeParse({ ...input, alt: { en: 'a\nb' } }))).toEqual(['alt.en']);
    expect(fieldsAtFault(mediaTextInput.safeParse({ ...input, caption: { zh: '字'.repeat(501) } }))).toEqual(['caption.zh']);
  });
});
