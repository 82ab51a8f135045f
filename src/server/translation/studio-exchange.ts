// XLIFF export and import as the Studio's routes run them: on the server's database, texts
// rendered by the worker pool with their library images.
import type { Actor } from '@/core/auth/permissions';
import type { Locale } from '@/core/locales';
import { getDatabase } from '@/db/client';
import { renderWithMedia } from '@/server/render/render-with-media';
import { exportTmx, exportXliff, importXliff, type ExportRequest } from './xliff-exchange';

export function exportStudioXliff(actor: Actor, request: ExportRequest) {
  return exportXliff(getDatabase(), actor, request);
}

export function exportStudioTmx(to: Locale) {
  return exportTmx(getDatabase(), to);
}

export function importStudioXliff(actor: Actor, xml: string) {
  return importXliff(getDatabase(), renderWithMedia, actor, xml);
}
