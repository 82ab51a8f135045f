// Each language as an actor (#29): `/ap/actors/zh` and `/ap/actors/en`, a Person whose
// preferredUsername is that language's handle (Settings), whose name and summary are the
// site's name and description in that language, with the site's icon, its logo as the
// header image, its inbox, the shared inbox, outbox and followers, and its keys.
import { Endpoints, Image, Person } from '@fedify/vocab';
import type { Context } from '@fedify/fedify';
import { defaultIconFiles, ownerIconFiles } from '@/core/site/site-icons';
import { otherLocale, type Locale } from '@/core/locales';
import type { FediverseSettings } from '@/core/fediverse/settings';
import { createSiteSettings } from '@/db/repositories/site-settings';
import { iconSetKey } from '@/server/site/render-site-icons';
import en from '../../../messages/en.json';
import zh from '../../../messages/zh.json';
import type { FederationData } from './federation-data';

const duetWords: Record<Locale, { name: string; description: string }> = { zh: zh.site, en: en.site };

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function buildActor(ctx: Context<FederationData>, locale: Locale, settings: FediverseSettings): Promise<Person> {
  const identity = await createSiteSettings(ctx.data.db).readIdentity();
  const own = identity.languages[locale];
  const other = identity.languages[otherLocale(locale)];
  const name = own.title || other.title || duetWords[locale].name;
  const description = own.description || duetWords[locale].description;
  const icons = identity.icon ? ownerIconFiles(iconSetKey(identity.icon.sha256)) : defaultIconFiles;
  const abs = (path: string) => new URL(path, ctx.canonicalOrigin);
  const keys = await ctx.getActorKeyPairs(locale);
  return new Person({
    id: ctx.getActorUri(locale),
    preferredUsername: settings.handles[locale],
    name,
    summary: `<p>${escapeHtml(description)}</p>`,
    url: abs(`/${locale}`),
    icon: new Image({ url: abs(icons.icon512.path), mediaType: icons.icon512.type }),
    image: identity.logo ? new Image({ url: abs(identity.logo.path), mediaType: identity.logo.mime }) : null,
    inbox: ctx.getInboxUri(locale),
    outbox: ctx.getOutboxUri(locale),
    followers: ctx.getFollowersUri(locale),
    endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
    manuallyApprovesFollowers: settings.followPolicy === 'held',
    discoverable: true,
    indexable: true,
    publicKey: keys[0]?.cryptographicKey ?? null,
    assertionMethods: keys.map((k) => k.multikey),
  });
}
