import { describe, expect, it } from 'vitest';
import { groupRevisions } from './group-revisions';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 27, 10, minute)).toISOString();
const rev = (id: number, minute: number, overrides: { title?: string; authorName?: string | null } = {}) => ({ id, createdAt: at(minute), title: 'Essay', authorName: 'Lin', ...overrides });
const ids = (groups: ReturnType<typeof groupRevisions>) => groups.map((g) => g.revisions.map((r) => r.id));

describe('groupRevisions', () => {
  it('makes ten autosaves in seven minutes one entry', () => {
    const saves = Array.from({ length: 10 }, (_, i) => rev(20 - i, 7 - i * 0.7));
    expect(ids(groupRevisions(saves, new Set()))).toEqual([[20, 19, 18, 17, 16, 15, 14, 13, 12, 11]]);
  });

  it('keeps the current, live, scheduled and reviewed revisions on their own', () => {
    const saves = [rev(6, 6), rev(5, 5), rev(4, 4), rev(3, 3), rev(2, 2), rev(1, 1)];
    expect(ids(groupRevisions(saves, new Set([6, 3])))).toEqual([[6], [5, 4], [3], [2, 1]]);
  });

  it('starts a new entry for another person, another title or a pause', () => {
    const saves = [rev(5, 40), rev(4, 20), rev(3, 19, { title: 'Retitled' }), rev(2, 18, { authorName: 'Ana' }), rev(1, 17, { authorName: 'Ana' })];
    expect(ids(groupRevisions(saves, new Set()))).toEqual([[5], [4], [3], [2, 1]]);
  });
});
