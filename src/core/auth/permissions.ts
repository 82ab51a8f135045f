// Who may do what in the Studio: one pure rule per role and action, so a page, a route
// handler and a menu all ask the same question (`can(actor, action, resource)`) and get
// the same answer. Anything the rules do not know (no actor, an unknown role or action, a
// resource of the wrong kind, a post without the language acted on) is refused: a
// caller's mistake must fail closed.
import { isLocale, type Locale } from '@/core/locales';

export const roles = ['owner', 'admin', 'editor', 'author', 'translator'] as const;
export type Role = (typeof roles)[number];

export const actions = [
  'studio.enter',
  'profile.edit-own',
  'post.view',
  'post.create',
  'post.edit-source',
  'post.edit-translation',
  'post.publish',
  'post.update',
  'post.submit-review',
  'post.review',
  'post.discard',
  'post.delete',
  'revision.restore',
  'media.upload',
  'media.edit',
  'media.delete',
  'tag.manage',
  'author.manage',
  'user.manage',
  'user.invite',
  'settings.manage',
  'site.transfer',
  'apikey.manage',
  'webhook.manage',
  'member.view',
  'member.manage',
  'fediverse.manage',
  'glossary.view',
  'glossary.manage',
  'translation.dismiss-check',
] as const;
export type Action = (typeof actions)[number];

export interface Actor {
  /** The account id (auth_users.id). */
  id: string;
  role: Role;
  /** The author profile linked to the account, if any. */
  authorId?: number | null;
}

/** A post acted on; `locale` is the language being edited, published or restored. */
export interface PostResource {
  kind: 'post';
  /** The account that owns the post (posts.owner_user_id); null once that account is gone. */
  ownerUserId: string | null;
  sourceLocale: Locale;
  locale?: Locale;
}

/** An account acted on: its current role, its id, and (when changing it) the role it would get. */
export interface UserResource {
  kind: 'user';
  role: Role;
  id?: string;
  newRole?: Role;
}

/** A file in the media library; `uploadedBy` is the account that uploaded it (null: unknown, or the demo). */
export interface MediaResource {
  kind: 'media';
  uploadedBy: string | null;
}

export type Resource = PostResource | UserResource | MediaResource;

type Rule = (actor: Actor, resource: Resource | undefined) => boolean;

const always: Rule = () => true;
const never: Rule = () => false;

/** A post rule answers only for a post; without one it cannot tell, so it refuses. */
const forPost =
  (rule: (actor: Actor, post: PostResource) => boolean): Rule =>
  (actor, resource) =>
    resource?.kind === 'post' && isLocale(resource.sourceLocale) && rule(actor, resource);

/** Any post, or the post actions that need no particular post (opening the list). */
const anyPost: Rule = (_actor, resource) => resource === undefined || forPost(always)(_actor, resource);

const isOwnPost = (actor: Actor, post: PostResource) =>
  actor.id !== '' && post.ownerUserId !== null && post.ownerUserId === actor.id;

const ownPost = forPost(isOwnPost);

/** A translator works only on the language that is not the source, and must say which. */
const translationOfAnyPost = forPost((_actor, post) => isLocale(post.locale) && post.locale !== post.sourceLocale);

/** Media rules answer only for a file: without one they cannot tell, so they refuse. */
const anyMedia: Rule = (_actor, resource) => resource?.kind === 'media';
const ownMedia: Rule = (actor, resource) => resource?.kind === 'media' && actor.id !== '' && resource.uploadedBy === actor.id;

/** Restoring a revision is editing that language; with no language given, the stricter source rule. */
const restoreAs =
  (editSource: Rule, editTranslation: Rule): Rule =>
  (actor, resource) => {
    if (resource?.kind !== 'post') return editSource(actor, resource);
    const isTranslation = isLocale(resource.locale) && resource.locale !== resource.sourceLocale;
    return isTranslation ? editTranslation(actor, resource) : editSource(actor, resource);
  };

/**
 * Accounts: only an owner manages an owner or makes someone one, and nobody changes their
 * own account's role (the last owner cannot lock everyone out by demoting themself).
 */
const manageUser: Rule = (actor, resource) => {
  if (resource === undefined) return true;
  if (resource.kind !== 'user') return false;
  if (resource.id !== undefined && resource.id === actor.id) return false;
  const touchesOwner = resource.role === 'owner' || resource.newRole === 'owner';
  return actor.role === 'owner' || !touchesOwner;
};

/** An invite never makes an owner: the first run creates the one owner, and owners promote. */
const inviteUser: Rule = (_actor, resource) => {
  if (resource === undefined) return true;
  return resource.kind === 'user' && resource.role !== 'owner' && resource.newRole !== 'owner';
};

const everything: Record<Action, Rule> = {
  'studio.enter': always,
  'profile.edit-own': always,
  'post.view': anyPost,
  'post.create': always,
  'post.edit-source': anyPost,
  'post.edit-translation': anyPost,
  'post.publish': anyPost,
  'post.update': anyPost,
  'post.submit-review': anyPost,
  'post.review': anyPost,
  'post.discard': anyPost,
  'post.delete': anyPost,
  'revision.restore': restoreAs(anyPost, anyPost),
  'media.upload': always,
  'media.edit': anyMedia,
  'media.delete': always,
  'tag.manage': always,
  'author.manage': always,
  'user.manage': manageUser,
  'user.invite': inviteUser,
  'settings.manage': always,
  // Import, export and backup: the whole site in and out, which only its owner decides.
  'site.transfer': (actor) => actor.role === 'owner',
  // API keys let a program act for the account that made them: site managers only.
  'apikey.manage': (actor) => actor.role === 'owner' || actor.role === 'admin',
  // Webhooks send the site's changes to addresses outside it, which only its owner decides.
  'webhook.manage': (actor) => actor.role === 'owner',
  // Readers who subscribed: seen by those who run the publication, changed by site managers.
  'member.view': always,
  'member.manage': (actor) => actor.role === 'owner' || actor.role === 'admin',
  // Followers and replies from the fediverse: readers too, moderated by those who run the site.
  'fediverse.manage': (actor) => actor.role === 'owner' || actor.role === 'admin',
  // The glossary: everyone who writes or translates reads it; those who run the publication keep it.
  'glossary.view': always,
  'glossary.manage': always,
  // Waving a translation check through: whoever may publish or submit that translation.
  'translation.dismiss-check': anyPost,
};

const rules: Record<Role, Record<Action, Rule>> = {
  owner: everything,
  admin: everything,
  editor: {
    ...everything,
    'user.manage': never,
    'user.invite': never,
    'settings.manage': never,
    'site.transfer': never,
    'apikey.manage': never,
    'webhook.manage': never,
    'member.manage': never,
    'fediverse.manage': never,
  },
  author: {
    'studio.enter': always,
    'profile.edit-own': always,
    'post.view': ownPost,
    'post.create': always,
    'post.edit-source': ownPost,
    'post.edit-translation': ownPost,
    'post.publish': ownPost,
    'post.update': ownPost,
    'post.submit-review': ownPost,
    'post.review': ownPost,
    'post.discard': ownPost,
    'post.delete': ownPost,
    'revision.restore': restoreAs(ownPost, ownPost),
    'media.upload': always,
    'media.edit': ownMedia,
    'media.delete': never,
    'tag.manage': never,
    'author.manage': never,
    'user.manage': never,
    'user.invite': never,
    'settings.manage': never,
    'site.transfer': never,
    'apikey.manage': never,
    'webhook.manage': never,
    'member.view': never,
    'member.manage': never,
    'fediverse.manage': never,
    'glossary.view': always,
    'glossary.manage': never,
    'translation.dismiss-check': ownPost,
  },
  translator: {
    'studio.enter': always,
    'profile.edit-own': always,
    'post.view': anyPost,
    'post.create': never,
    'post.edit-source': never,
    'post.edit-translation': translationOfAnyPost,
    'post.publish': never,
    'post.update': never,
    // A translator's work reaches readers through someone who may publish.
    'post.submit-review': translationOfAnyPost,
    'post.review': never,
    'post.discard': translationOfAnyPost,
    'post.delete': never,
    'revision.restore': restoreAs(never, translationOfAnyPost),
    'media.upload': always,
    'media.edit': never,
    'media.delete': never,
    'tag.manage': never,
    'author.manage': never,
    'user.manage': never,
    'user.invite': never,
    'settings.manage': never,
    'site.transfer': never,
    'apikey.manage': never,
    'webhook.manage': never,
    'member.view': never,
    'member.manage': never,
    'fediverse.manage': never,
    'glossary.view': always,
    'glossary.manage': never,
    // A translator may dismiss a warning with a reason; a blocking check needs someone who may publish.
    'translation.dismiss-check': translationOfAnyPost,
  },
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (roles as readonly string[]).includes(value);
}

export function isAction(value: unknown): value is Action {
  return typeof value === 'string' && (actions as readonly string[]).includes(value);
}

/**
 * Whether `actor` may do `action` (to `resource`). Post actions limited to some posts
 * (an author's own, a translator's non-source language) need the post; without it they
 * are refused. Anonymous (null) is refused everything.
 */
export function can(actor: Actor | null | undefined, action: Action, resource?: Resource): boolean {
  if (!actor || !isRole(actor.role) || !isAction(action)) return false;
  return rules[actor.role][action](actor, resource);
}
