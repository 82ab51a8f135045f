// The site's identity on both databases: per-language settings (links and the podcast's
// address included) and the look read back as the pages read them; an icon refused with a
// 400 naming the field when it is not square, too small, or not an image by its bytes; an
// accepted icon's pictures drawn once into the media folder and drawn again only when
// missing.
import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@/core/errors/app-error';
import { ownerIconFiles } from '@/core/site/site-icons';
import { migrateToLatest } from '@/db/migrate';
import { createContentRepository } from '@/db/repositories/content-repository';
import { createSiteSettings, type SiteSettingsRepository } from '@/db/repositories/site-settings';
import { describeError } from '@/server/api/respond';
import { iconSetKey } from '@/server/site/render-site-icons';
import { repairSiteIcons, saveSiteLook } from '@/server/site/save-site-look';
import { unique } from './helpers/factories';
import { testTargets, type TestDatabase } from './helpers/test-databases';

for (const target of testTargets) {
  describe.skipIf(target.skip)(`site identity (${target.name})`, () => {
    let t: TestDatabase;
    let settings: SiteSettingsRepository;
    beforeAll(async () => {
      t = await target.open();
      await migrateToLatest(t.db);
      settings = createSiteSettings(t.db);
      mkdirSync(join(t.dataDir, 'media', 'images'), { recursive: true });
    });
    afterAll(() => t?.close());

    /** Stores `bytes` as a library file and its media row, as an upload would. */
    async function addImage(bytes: Buffer, size: { width: number; height: number } | null, kind: 'image' | 'audio' = 'image') {
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      const path = `/images/${unique('pic')}.${sha256.slice(0, 12)}.png`;
      writeFileSync(join(t.dataDir, 'media', path), bytes);
      const mime = kind === 'image' ? 'image/png' : 'audio/mpeg';
      return createContentRepository(t.db).createMedia({ kind, path, mime, bytes: bytes.length, sha256, width: size?.width ?? null, height: size?.height ?? null });
    }

    const png = (width: number, height: number) =>
      sharp({ create: { width, height, channels: 4, background: { r: 29, g: 78, b: 216, alpha: 0.5 } } }).png().toBuffer();

    async function refusal(work: Promise<unknown>) {
      const error = await work.then(() => null, (e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      return { reason: (error as AppError).reason, ...describeError(error) };
    }

    const deps = () => ({ settings, dataDir: t.dataDir });

    it('keeps each language’s name, description, links and podcast address', async () => {
      await settings.saveLanguage({
        locale: 'zh',
        title: '双声',
        description: '描述',
        navigation: [{ label: '关于', href: '/zh/about' }],
        socialLinks: [{ label: '微博', href: 'https://weibo.com/duet' }],
        podcastEmail: 'podcast@example.com',
      });
      await settings.saveLanguage({ locale: 'en', title: 'Duet', description: '', navigation: [], socialLinks: [], podcastEmail: '' });
      expect(await settings.getLanguage('zh')).toEqual({
        title: '双声',
        description: '描述',
        navigation: [{ label: '关于', href: '/zh/about' }],
        socialLinks: [{ label: '微博', href: 'https://weibo.com/duet' }],
        podcastEmail: 'podcast@example.com',
      });
      const read = await settings.readIdentity();
      expect(read.languages.en).toEqual({ title: 'Duet', description: '', navigation: [], socialLinks: [], podcastEmail: '' });
      expect(read.languages.zh.socialLinks).toEqual([{ label: '微博', href: 'https://weibo.com/duet' }]);
    });

    it('keeps the look, and forgets what is unset', async () => {
      expect(await settings.getLook()).toEqual({ accent: null, logoMediaId: null, darkLogoMediaId: null, iconMediaId: null });
      const logo = await addImage(await png(400, 100), { width: 400, height: 100 });
      await saveSiteLook(deps(), { accent: '#1D4ED8', logoMediaId: logo.id, darkLogoMediaId: null, iconMediaId: null });
      expect(await settings.getLook()).toEqual({ accent: '#1d4ed8', logoMediaId: logo.id, darkLogoMediaId: null, iconMediaId: null });
      expect((await settings.readIdentity()).logo).toMatchObject({ id: logo.id, path: logo.path, width: 400 });
      // A logo for dark mode stands beside the logo, and only with it.
      const darkLogo = await addImage(await png(400, 100), { width: 400, height: 100 });
      await saveSiteLook(deps(), { accent: '', logoMediaId: logo.id, darkLogoMediaId: darkLogo.id, iconMediaId: null });
      expect(await settings.getLook()).toMatchObject({ logoMediaId: logo.id, darkLogoMediaId: darkLogo.id });
      expect((await settings.readIdentity()).darkLogo).toMatchObject({ id: darkLogo.id, path: darkLogo.path });
      await saveSiteLook(deps(), { accent: '', logoMediaId: null, darkLogoMediaId: darkLogo.id, iconMediaId: null });
      expect((await settings.readIdentity()).darkLogo).toBeNull();
      await saveSiteLook(deps(), { accent: '', logoMediaId: null, darkLogoMediaId: null, iconMediaId: null });
      expect(await settings.getLook()).toEqual({ accent: null, logoMediaId: null, darkLogoMediaId: null, iconMediaId: null });
      const rows = await t.db.selectFrom('settings').select('key').where('locale', '=', '*').execute();
      expect(rows.map((r) => r.key)).not.toContain('accent');
    });

    it('refuses an icon that is not square or too small with a 400 naming the field, saving nothing', async () => {
      const wide = await addImage(await png(800, 600), { width: 800, height: 600 });
      expect(await refusal(saveSiteLook(deps(), { accent: '', logoMediaId: null, darkLogoMediaId: null, iconMediaId: wide.id }))).toMatchObject({
        status: 400,
        reason: 'icon-not-square',
        fields: { iconMediaId: ['The icon must be square; this image is 800×600 pixels.'] },
      });
      const small = await addImage(await png(256, 256), { width: 256, height: 256 });
      expect(await refusal(saveSiteLook(deps(), { accent: '', logoMediaId: null, darkLogoMediaId: null, iconMediaId: small.id }))).toMatchObject({
        status: 400,
        reason: 'icon-too-small',
        fields: { iconMediaId: [expect.stringContaining('at least 512×512')] },
      });
      expect((await settings.getLook()).iconMediaId).toBeNull();
    });

    it('refuses an icon or logo that is not an image, by its row or by its bytes', async () => {
      const sound = await addImage(Buffer.from('ID3 not a picture'), null, 'audio');
      expect(await refusal(saveSiteLook(deps(), { accent: '', logoMediaId: null, darkLogoMediaId: null, iconMediaId: sound.id }))).toMatchObject({ status: 400, reason: 'icon-not-image' });
      expect(await refusal(saveSiteLook(deps(), { accent: '', logoMediaId: sound.id, darkLogoMediaId: null, iconMediaId: null }))).toMatchObject({
        status: 400,
        reason: 'logo-not-image',
        fields: { logoMediaId: ['The logo must be an image from the media library.'] },
      });
      expect(await refusal(saveSiteLook(deps(), { accent: '', logoMediaId: null, darkLogoMediaId: sound.id, iconMediaId: null }))).toMatchObject({
        status: 400,
        reason: 'logo-not-image',
        fields: { darkLogoMediaId: ['The logo must be an image from the media library.'] },
      });
      // A row that says image over a file that is a web page: the bytes decide.
      const fake = await addImage(Buffer.from('<!doctype html><script>alert(1)</script>'), { width: 600, height: 600 });
      expect(await refusal(saveSiteLook(deps(), { accent: '', logoMediaId: null, darkLogoMediaId: null, iconMediaId: fake.id }))).toMatchObject({ status: 400, reason: 'icon-not-image' });
      expect(await refusal(saveSiteLook(deps(), { accent: '', logoMediaId: null, darkLogoMediaId: null, iconMediaId: 2_000_000_000 }))).toMatchObject({ status: 400, reason: 'icon-not-image' });
    });

    it('draws an accepted icon’s pictures once, where the pages point, and again only when one is missing', async () => {
      const bytes = await png(600, 600);
      const icon = await addImage(bytes, { width: 600, height: 600 });
      await saveSiteLook(deps(), { accent: '', logoMediaId: null, darkLogoMediaId: null, iconMediaId: icon.id });
      const files = ownerIconFiles(iconSetKey(createHash('sha256').update(bytes).digest('hex')));
      const onDisk = (path: string) => join(t.dataDir, 'media', path);
      for (const file of Object.values(files)) {
        const meta = await sharp(onDisk(file.path)).metadata();
        expect(`${meta.width}x${meta.height}`, file.path).toBe(file.sizes);
      }
      const artwork = await sharp(onDisk(files.artwork.path)).metadata();
      expect(artwork).toMatchObject({ width: 3000, height: 3000, channels: 3, hasAlpha: false, format: 'jpeg' });
      expect((await sharp(onDisk(files.apple.path)).metadata()).hasAlpha).toBe(false);
      expect((await settings.readIdentity()).icon).toMatchObject({ id: icon.id, width: 600, height: 600 });

      const drawnAt = statSync(onDisk(files.icon512.path)).mtimeMs;
      rmSync(onDisk(files.artwork.path));
      await repairSiteIcons(deps());
      expect((await sharp(onDisk(files.artwork.path)).metadata()).width).toBe(3000);
      expect(statSync(onDisk(files.icon512.path)).mtimeMs).toBe(drawnAt);
    });
  });
}
