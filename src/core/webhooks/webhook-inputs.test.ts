import { describe, expect, it } from 'vitest';
import { webhookInput, webhookProblems } from './webhook-inputs';

const valid = { url: 'https://hooks.example.com/duet?x=1', events: ['post.published'], locales: ['zh', 'en'], allowPrivateNetwork: false, active: true };
const problemsOf = (input: unknown) => {
  const result = webhookInput.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('webhook input', () => {
  it('accepts an https hook and drops repeated choices', () => {
    const parsed = webhookInput.parse({ ...valid, events: ['post.updated', 'post.updated'] });
    expect(parsed.events).toEqual(['post.updated']);
  });

  it.each([
    ['ftp://example.com/', webhookProblems.url],
    ['example.com/hook', webhookProblems.url],
    ['https://user:pw@example.com/', webhookProblems.credentials],
    ['https://example.com/#x', webhookProblems.url],
    ['https://exa mple.com/', webhookProblems.url],
    ['http://169.254.169.254/latest/meta-data', webhookProblems.forbiddenAddress],
    ['http://localhost:8080/', webhookProblems.privateAddress],
    ['http://[::1]/', webhookProblems.privateAddress],
    ['http://2130706433/', webhookProblems.privateAddress],
    ['http://10.0.0.4/', webhookProblems.privateAddress],
  ])('refuses %s', (url, message) => {
    expect(problemsOf({ ...valid, url })).toEqual({ url: message });
  });

  it('lets the owner reach a private network or loopback, but never link-local', () => {
    expect(problemsOf({ ...valid, url: 'http://127.0.0.1:9999/', allowPrivateNetwork: true })).toEqual({});
    expect(problemsOf({ ...valid, url: 'http://169.254.169.254/', allowPrivateNetwork: true })).toEqual({ url: webhookProblems.forbiddenAddress });
  });

  it('wants at least one event and one language', () => {
    expect(problemsOf({ ...valid, events: [], locales: [] })).toEqual({ events: webhookProblems.events, locales: webhookProblems.locales });
    expect(Object.keys(problemsOf({ ...valid, events: ['post.deleted'] }))).toEqual(['events.0']);
  });
});
