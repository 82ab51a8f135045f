// Saves the site's look (accent, logo, icon) once its images check out: the logo (and the
// one for dark mode) is an image of the library; the icon is one whose bytes say it is an image, square and large
// enough, and whose pictures (favicon, home-screen icons, podcast artwork) are drawn
// before the setting that points at them is written. The caller revalidates the pages.
import { mkdir, open } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError } from '@/core/errors/app-error';
import { SNIFF_BYTES, sniffMedia } from '@/core/media/sniff';
import { findIconProblem } from '@/core/site/site-icons';
import type { SiteLook } from '@/core/site/site-identity';
import { storedAccent, type SiteLookInput } from '@/core/studio/inputs';
import { getDatabase } from '@/db/client';
import { ensureDatabase } from '@/server/ensure-database';
import { createSiteSettings, type SiteSettingsRepository, type StoredImage } from '@/db/repositories/site-settings';
import { TEMP_UPLOAD_FOLDER } from '@/server/media/clean-temp-uploads';
import { keyOfPath, mediaStoreFor } from '@/server/media/media-store';
import { dataDir } from '@/core/config/data-dir';
import { renderSiteIcons } from './render-site-icons';

export interface SaveSiteLookDeps {
  settings: SiteSettingsRepository;
  dataDir: string;
}

/** The refusals the Studio words itself (messages studio.apiErrors). */
export type SiteLookRefusal = 'logo-not-image' | 'icon-not-image' | 'icon-not-square' | 'icon-too-small';

function refuse(field: keyof SiteLookInput, reason: SiteLookRefusal, message: string): AppError {
  return new AppError('VALIDATION', message, { fields: { [field]: [message] }, reason });
}

/** The icon as a file on this machine (copied down from S3 when media live there), for sharp to read. */
async function withIconFile<T>(dataDir: string, image: StoredImage, draw: (path: string) => Promise<T>): Promise<T> {
  const tempDir = join(dataDir, 'media', TEMP_UPLOAD_FOLDER);
  await mkdir(tempDir, { recursive: true });
  const copy = await (async () => mediaStoreFor(dataDir).localCopy(keyOfPath(image.path), tempDir))().catch(() => {
    throw refuse('iconMediaId', 'icon-not-image', 'The icon must be an image from the media library.');
  });
  try {
    return await draw(copy.path);
  } finally {
    await copy.release();
  }
}

async function readHead(path: string): Promise<Uint8Array> {
  const handle = await open(path, 'r');
  try {
    const buffer = new Uint8Array(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

async function checkLogo(deps: SaveSiteLookDeps, id: number, field: 'logoMediaId' | 'darkLogoMediaId'): Promise<void> {
  const image = await deps.settings.findImage(id);
  if (image?.kind !== 'image') throw refuse(field, 'logo-not-image', 'The logo must be an image from the media library.');
}

/** Checks the icon by its row and by its bytes, then draws its pictures. */
async function prepareIcon(deps: SaveSiteLookDeps, id: number): Promise<void> {
  const image = await deps.settings.findImage(id);
  const problem = image ? findIconProblem(image) : 'Must be an image from the media library.';
  if (!image || problem) {
    const reason = !image || image.kind !== 'image' ? 'icon-not-image' : image.width !== image.height ? 'icon-not-square' : 'icon-too-small';
    throw refuse('iconMediaId', reason, `The icon ${problem!.charAt(0).toLowerCase()}${problem!.slice(1)}`);
  }
  await withIconFile(deps.dataDir, image, async (source) => {
    const head = await readHead(source).catch(() => new Uint8Array());
    const sniffed = sniffMedia(head);
    if (!sniffed.ok || sniffed.kind !== 'image') throw refuse('iconMediaId', 'icon-not-image', 'The icon must be an image from the media library.');
    await renderSiteIcons({ source, sha256: image.sha256, dataDir: deps.dataDir });
  });
}

export async function saveSiteLook(deps: SaveSiteLookDeps, input: SiteLookInput): Promise<SiteLook> {
  if (input.logoMediaId !== null) await checkLogo(deps, input.logoMediaId, 'logoMediaId');
  if (input.darkLogoMediaId !== null) await checkLogo(deps, input.darkLogoMediaId, 'darkLogoMediaId');
  if (input.iconMediaId !== null) await prepareIcon(deps, input.iconMediaId);
  const look: SiteLook = { accent: storedAccent(input.accent), logoMediaId: input.logoMediaId, darkLogoMediaId: input.darkLogoMediaId, iconMediaId: input.iconMediaId };
  await deps.settings.saveLook(look);
  return look;
}

/** Draws again any picture of the chosen icon that is missing (after a restore or an import). */
export async function repairSiteIcons(deps: SaveSiteLookDeps): Promise<void> {
  const { iconMediaId } = await deps.settings.getLook();
  if (iconMediaId === null) return;
  const image = await deps.settings.findImage(iconMediaId);
  if (!image || findIconProblem(image)) return;
  await withIconFile(deps.dataDir, image, (source) => renderSiteIcons({ source, sha256: image.sha256, dataDir: deps.dataDir }));
}

/** repairSiteIcons for this server's database and DATA_DIR, when it starts (instrumentation.ts). */
export async function repairSiteIconsAtStart(): Promise<void> {
  await ensureDatabase();
  await repairSiteIcons({ settings: createSiteSettings(getDatabase()), dataDir: dataDir() });
}
