import { describe, expect, it } from 'vitest';
import { actions, can, roles, type Action, type Actor, type Resource, type Role } from './permissions';

const actorOf = (role: Role): Actor => ({ id: `user-${role}`, role, authorId: 7 });

// Resources named for the table; "own" posts belong to whoever is asking.
type Subject =
  | 'none'
  | 'own zh post, zh'
  | 'own zh post, en'
  | 'own zh post, no locale'
  | 'other zh post, zh'
  | 'other zh post, en'
  | 'other en post, zh'
  | 'other en post, en'
  | 'other zh post, no locale'
  | 'orphan zh post, en'
  | 'owner account'
  | 'admin account'
  | 'editor account'
  | 'own account'
  | 'editor → owner'
  | 'editor → admin'
  | 'a user (for a post action)'
  | 'a post (for a user action)'
  | 'own upload'
  | 'other upload'
  | 'upload of nobody known'
  | 'a post (for a media action)';

function resourceFor(subject: Subject, actor: Actor): Resource | undefined {
  const post = (ownerUserId: string | null, sourceLocale: 'zh' | 'en', locale?: 'zh' | 'en'): Resource => ({
    kind: 'post',
    ownerUserId,
    sourceLocale,
    ...(locale ? { locale } : {}),
  });
  switch (subject) {
    case 'none': return undefined;
    case 'own zh post, zh': return post(actor.id, 'zh', 'zh');
    case 'own zh post, en': return post(actor.id, 'zh', 'en');
    case 'own zh post, no locale': return post(actor.id, 'zh');
    case 'other zh post, zh': return post('someone-else', 'zh', 'zh');
    case 'other zh post, en': return post('someone-else', 'zh', 'en');
    case 'other en post, zh': return post('someone-else', 'en', 'zh');
    case 'other en post, en': return post('someone-else', 'en', 'en');
    case 'other zh post, no locale': return post('someone-else', 'zh');
    case 'orphan zh post, en': return post(null, 'zh', 'en');
    case 'owner account': return { kind: 'user', role: 'owner', id: 'another-owner' };
    case 'admin account': return { kind: 'user', role: 'admin', id: 'another-admin' };
    case 'editor account': return { kind: 'user', role: 'editor', id: 'another-editor' };
    case 'own account': return { kind: 'user', role: actor.role, id: actor.id };
    case 'editor → owner': return { kind: 'user', role: 'editor', id: 'another-editor', newRole: 'owner' };
    case 'editor → admin': return { kind: 'user', role: 'editor', id: 'another-editor', newRole: 'admin' };
    case 'a user (for a post action)': return { kind: 'user', role: 'author', id: 'x' };
    case 'a post (for a user action)': return post('someone-else', 'zh', 'zh');
    case 'own upload': return { kind: 'media', uploadedBy: actor.id };
    case 'other upload': return { kind: 'media', uploadedBy: 'someone-else' };
    case 'upload of nobody known': return { kind: 'media', uploadedBy: null };
    case 'a post (for a media action)': return post(actor.id, 'zh', 'zh');
  }
}

const T = true;
const F = false;
type Expected = [owner: boolean, admin: boolean, editor: boolean, author: boolean, translator: boolean];

// One row per action and subject; the columns are owner, admin, editor, author, translator.
const matrix: Array<[Action, Subject, Expected]> = [
  ['studio.enter', 'none', [T, T, T, T, T]],
  ['profile.edit-own', 'none', [T, T, T, T, T]],

  ['post.view', 'none', [T, T, T, F, T]],
  ['post.view', 'own zh post, zh', [T, T, T, T, T]],
  ['post.view', 'other zh post, zh', [T, T, T, F, T]],
  ['post.view', 'a user (for a post action)', [F, F, F, F, F]],

  ['post.create', 'none', [T, T, T, T, F]],

  ['post.edit-source', 'none', [T, T, T, F, F]],
  ['post.edit-source', 'own zh post, zh', [T, T, T, T, F]],
  ['post.edit-source', 'other zh post, zh', [T, T, T, F, F]],
  ['post.edit-source', 'other en post, en', [T, T, T, F, F]],
  ['post.edit-source', 'orphan zh post, en', [T, T, T, F, F]],
  ['post.edit-source', 'a user (for a post action)', [F, F, F, F, F]],

  ['post.edit-translation', 'none', [T, T, T, F, F]],
  ['post.edit-translation', 'own zh post, en', [T, T, T, T, T]],
  ['post.edit-translation', 'other zh post, en', [T, T, T, F, T]],
  ['post.edit-translation', 'other en post, zh', [T, T, T, F, T]],
  // The translator's one hard line: the language acted on is the source.
  ['post.edit-translation', 'other zh post, zh', [T, T, T, F, F]],
  ['post.edit-translation', 'other en post, en', [T, T, T, F, F]],
  ['post.edit-translation', 'other zh post, no locale', [T, T, T, F, F]],
  ['post.edit-translation', 'orphan zh post, en', [T, T, T, F, T]],

  ['post.publish', 'none', [T, T, T, F, F]],
  ['post.publish', 'own zh post, zh', [T, T, T, T, F]],
  ['post.publish', 'other zh post, en', [T, T, T, F, F]],
  ['post.publish', 'orphan zh post, en', [T, T, T, F, F]],

  // Publishing changes to a live text, and the review that leads there.
  ['post.update', 'none', [T, T, T, F, F]],
  ['post.update', 'own zh post, en', [T, T, T, T, F]],
  ['post.update', 'other zh post, en', [T, T, T, F, F]],
  ['post.update', 'a user (for a post action)', [F, F, F, F, F]],
  ['post.submit-review', 'own zh post, zh', [T, T, T, T, F]],
  ['post.submit-review', 'other zh post, en', [T, T, T, F, T]],
  ['post.submit-review', 'other zh post, zh', [T, T, T, F, F]],
  ['post.submit-review', 'other zh post, no locale', [T, T, T, F, F]],
  ['post.review', 'own zh post, en', [T, T, T, T, F]],
  ['post.review', 'other zh post, en', [T, T, T, F, F]],
  ['post.review', 'orphan zh post, en', [T, T, T, F, F]],
  ['post.discard', 'own zh post, zh', [T, T, T, T, F]],
  ['post.discard', 'other zh post, en', [T, T, T, F, T]],
  ['post.discard', 'other en post, en', [T, T, T, F, F]],
  ['post.discard', 'a user (for a post action)', [F, F, F, F, F]],

  ['post.delete', 'none', [T, T, T, F, F]],
  ['post.delete', 'own zh post, no locale', [T, T, T, T, F]],
  ['post.delete', 'other zh post, no locale', [T, T, T, F, F]],

  ['revision.restore', 'own zh post, zh', [T, T, T, T, F]],
  ['revision.restore', 'own zh post, en', [T, T, T, T, T]],
  ['revision.restore', 'other zh post, en', [T, T, T, F, T]],
  ['revision.restore', 'other zh post, zh', [T, T, T, F, F]],
  ['revision.restore', 'other zh post, no locale', [T, T, T, F, F]],
  ['revision.restore', 'own zh post, no locale', [T, T, T, T, F]],
  ['revision.restore', 'none', [T, T, T, F, F]],
  ['revision.restore', 'a user (for a post action)', [F, F, F, F, F]],

  ['media.upload', 'none', [T, T, T, T, T]],
  // Alt text and captions: editors and above on any file, an author on their own uploads.
  ['media.edit', 'own upload', [T, T, T, T, F]],
  ['media.edit', 'other upload', [T, T, T, F, F]],
  ['media.edit', 'upload of nobody known', [T, T, T, F, F]],
  ['media.edit', 'none', [F, F, F, F, F]],
  ['media.edit', 'a post (for a media action)', [F, F, F, F, F]],
  ['media.delete', 'none', [T, T, T, F, F]],
  ['tag.manage', 'none', [T, T, T, F, F]],
  ['author.manage', 'none', [T, T, T, F, F]],
  ['settings.manage', 'none', [T, T, F, F, F]],
  // Importing, exporting and backing up the whole site: its owner only.
  ['site.transfer', 'none', [T, F, F, F, F]],
  // API keys act for their maker's account: site managers make them; webhooks are the owner's.
  ['apikey.manage', 'none', [T, T, F, F, F]],
  ['webhook.manage', 'none', [T, F, F, F, F]],
  // Members (readers who subscribed): editors see them; site managers change them.
  ['member.view', 'none', [T, T, T, F, F]],
  ['member.manage', 'none', [T, T, F, F, F]],
  // Fediverse followers, replies and blocks: site managers, as members are.
  ['fediverse.manage', 'none', [T, T, F, F, F]],
  // The glossary: everyone reads it; owners, admins and editors keep it.
  ['glossary.view', 'none', [T, T, T, T, T]],
  ['glossary.manage', 'none', [T, T, T, F, F]],
  // Dismissing a translation check: who may work on that translation.
  ['translation.dismiss-check', 'other zh post, en', [T, T, T, F, T]],
  ['translation.dismiss-check', 'own zh post, en', [T, T, T, T, T]],
  ['translation.dismiss-check', 'other zh post, zh', [T, T, T, F, F]],

  ['user.manage', 'none', [T, T, F, F, F]],
  ['user.manage', 'editor account', [T, T, F, F, F]],
  ['user.manage', 'admin account', [T, T, F, F, F]],
  // Only an owner touches an owner, or makes one.
  ['user.manage', 'owner account', [T, F, F, F, F]],
  ['user.manage', 'editor → owner', [T, F, F, F, F]],
  ['user.manage', 'editor → admin', [T, T, F, F, F]],
  // Nobody changes their own account's role.
  ['user.manage', 'own account', [F, F, F, F, F]],
  ['user.manage', 'a post (for a user action)', [F, F, F, F, F]],

  ['user.invite', 'none', [T, T, F, F, F]],
  ['user.invite', 'editor account', [T, T, F, F, F]],
  ['user.invite', 'admin account', [T, T, F, F, F]],
  ['user.invite', 'owner account', [F, F, F, F, F]],
  ['user.invite', 'a post (for a user action)', [F, F, F, F, F]],
];

const rows = matrix.flatMap(([action, subject, expected]) =>
  roles.map((role, column) => [role, action, subject, expected[column]!] as const),
);

describe('can', () => {
  it.each(rows)('%s %s (%s) → %s', (role, action, subject, expected) => {
    const actor = actorOf(role);
    expect(can(actor, action, resourceFor(subject, actor))).toBe(expected);
  });

  it('covers every role and every action in the table', () => {
    for (const action of actions) expect(matrix.some(([a]) => a === action), action).toBe(true);
    expect(new Set(rows.map(([role]) => role))).toEqual(new Set(roles));
  });

  it('refuses anonymous visitors everything', () => {
    for (const action of actions) {
      expect(can(null, action)).toBe(false);
      expect(can(undefined, action, { kind: 'post', ownerUserId: null, sourceLocale: 'zh', locale: 'en' })).toBe(false);
    }
  });

  it('refuses a role it does not know, and an action it does not know', () => {
    const stranger = { id: 'u1', role: 'superuser' } as unknown as Actor;
    for (const action of actions) expect(can(stranger, action)).toBe(false);
    expect(can({ id: 'u1', role: 'toString' } as unknown as Actor, 'studio.enter')).toBe(false);
    expect(can(actorOf('owner'), 'post.fly' as Action)).toBe(false);
    expect(can(actorOf('owner'), '__proto__' as Action)).toBe(false);
  });

  it('does not count a post whose owner is gone, or an empty account id, as anyone’s own', () => {
    const author: Actor = { id: '', role: 'author' };
    expect(can(author, 'post.edit-source', { kind: 'post', ownerUserId: '', sourceLocale: 'zh', locale: 'zh' })).toBe(false);
    expect(can(actorOf('author'), 'post.delete', { kind: 'post', ownerUserId: null, sourceLocale: 'zh' })).toBe(false);
  });

  it('refuses a translator a language that is not one of ours', () => {
    const resource = { kind: 'post', ownerUserId: null, sourceLocale: 'zh', locale: 'fr' } as unknown as Resource;
    expect(can(actorOf('translator'), 'post.edit-translation', resource)).toBe(false);
    const badSource = { kind: 'post', ownerUserId: null, sourceLocale: 'fr', locale: 'en' } as unknown as Resource;
    expect(can(actorOf('translator'), 'post.edit-translation', badSource)).toBe(false);
  });
});
