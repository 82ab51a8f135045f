import { describe, expect, it } from 'vitest';
import { isBlockedBy } from './types';

describe('blocks', () => {
  const blocks = [
    { kind: 'actor' as const, value: 'https://social.example/users/troll' },
    { kind: 'instance' as const, value: 'spam.example' },
  ];
  it('refuses a blocked actor, its whole instance and the instance’s subdomains, and nobody else', () => {
    expect(isBlockedBy(blocks, 'https://social.example/users/troll')).toBe(true);
    expect(isBlockedBy(blocks, 'https://social.example/users/friend')).toBe(false);
    expect(isBlockedBy(blocks, 'https://SPAM.example/u/a')).toBe(true);
    expect(isBlockedBy(blocks, 'https://eu.spam.example/u/a')).toBe(true);
    expect(isBlockedBy(blocks, 'https://notspam.example/u/a')).toBe(false);
    expect(isBlockedBy(blocks, 'not a url')).toBe(false);
  });
});
