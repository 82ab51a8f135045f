// The members' pure rules: one spelling per address, the languages of a member's mail,
// the subscription input, what a request does to the member it names, tokens, and the
// confirmation e-mail's shape in one language and in both.
import { describe, expect, it } from 'vitest';
import { composeConfirmationEmail, type ConfirmationSection } from './confirmation-email';
import { mailLocalesOf, normalizeEmail, pageLocaleOf } from './member';
import { hashToken, isTokenShaped, newToken, tokenState } from './member-token';
import { planSubscription } from './plan-subscription';
import { isHoneypotFilled, subscribeFormInput, subscribeInput } from './subscribe-input';

describe('members', () => {
  it('spells an address one way', () => {
    expect(normalizeEmail('  Ann.Lee@Example.COM ')).toBe('ann.lee@example.com');
  });

  it('writes a both member’s mail in Chinese then English, and opens their links in Chinese', () => {
    expect(mailLocalesOf('both')).toEqual(['zh', 'en']);
    expect(mailLocalesOf('en')).toEqual(['en']);
    expect(pageLocaleOf('both')).toBe('zh');
    expect(pageLocaleOf('en')).toBe('en');
  });

  it('takes an address and a language, and names the fields at fault', () => {
    expect(subscribeInput.parse({ email: ' a@example.com ', language: 'both' })).toEqual({ email: 'a@example.com', language: 'both' });
    const bad = subscribeInput.safeParse({ email: 'not an address', language: 'fr' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['email', 'language']);
    expect(subscribeInput.safeParse({ email: 'a@example.com', language: 'zh', extra: 1 }).success).toBe(false);
  });

  it('sends a form back only to a path of this site', () => {
    const form = (returnTo: string) => subscribeFormInput.safeParse({ email: 'a@example.com', language: 'zh', returnTo }).success;
    expect(form('/zh/posts/a?x=1')).toBe(true);
    expect(form('//evil.example/')).toBe(false);
    expect(form('https://evil.example/')).toBe(false);
    expect(form('/\\evil.example')).toBe(false);
  });

  it('sees a filled honeypot', () => {
    expect(isHoneypotFilled({})).toBe(false);
    expect(isHoneypotFilled({ website: ' ' })).toBe(false);
    expect(isHoneypotFilled({ website: 'http://spam.example' })).toBe(true);
  });

  it('makes a new address pending, asks again of a pending or unsubscribed one, and leaves a subscribed one alone', () => {
    const request = { language: 'en' as const, isBot: false, isAddressLimited: false };
    expect(planSubscription(null, request)).toEqual({ action: 'create', language: 'en', sendConfirmation: true });
    expect(planSubscription({ id: 4, status: 'pending' }, request)).toEqual({ action: 'refresh', memberId: 4, language: 'en', sendConfirmation: true });
    expect(planSubscription({ id: 4, status: 'unsubscribed' }, request).action).toBe('refresh');
    expect(planSubscription({ id: 4, status: 'subscribed' }, request)).toMatchObject({ action: 'none', why: 'already-subscribed' });
    expect(planSubscription(null, { ...request, isBot: true })).toMatchObject({ action: 'none', why: 'honeypot' });
    expect(planSubscription(null, { ...request, isAddressLimited: true })).toMatchObject({ action: 'none', why: 'address-limited' });
  });

  it('makes tokens of one shape, stores their hash, and tells used and expired ones apart', () => {
    const token = newToken();
    expect(isTokenShaped(token)).toBe(true);
    expect(isTokenShaped(`${token}x`)).toBe(false);
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(token)).not.toContain(token);
    const now = new Date('2027-01-01T00:00:00Z');
    expect(tokenState(null, now)).toBe('unknown');
    expect(tokenState({ expiresAt: '2027-01-02T00:00:00Z', usedAt: null }, now)).toBe('valid');
    expect(tokenState({ expiresAt: '2027-01-01T00:00:00Z', usedAt: null }, now)).toBe('expired');
    expect(tokenState({ expiresAt: '2027-01-02T00:00:00Z', usedAt: '2026-12-31T00:00:00Z' }, now)).toBe('used');
  });

  const section = (locale: 'zh' | 'en', word: string): ConfirmationSection => ({
    locale,
    subject: `${word} subject`,
    heading: `${word} heading`,
    intro: `${word} intro <b>`,
    action: `${word} action`,
    ignore: `${word} ignore`,
  });

  it('writes the confirmation e-mail in the order given, as text and escaped HTML with the link', () => {
    const link = 'https://duet.example/zh/members/confirm?token=abc&x=1';
    const both = composeConfirmationEmail([section('zh', '中文'), section('en', 'English')], link);
    expect(both.subject).toBe('中文 subject / English subject');
    expect(both.text.indexOf('中文 intro')).toBeLessThan(both.text.indexOf('English intro'));
    expect(both.text).toContain(link);
    expect(both.html).toContain('<html lang="zh">');
    expect(both.html).toContain('<div lang="en">');
    expect(both.html).toContain('href="https://duet.example/zh/members/confirm?token=abc&amp;x=1"');
    expect(both.html).toContain('intro &lt;b&gt;');
    const one = composeConfirmationEmail([section('en', 'English')], link);
    expect(one.subject).toBe('English subject');
    expect(one.html).not.toContain('中文');
  });
});
