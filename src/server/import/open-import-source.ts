// Opens what someone asked to import and reads it into an ImportDocument, with the files
// that came with it: a Ghost JSON export or ZIP archive, a WordPress WXR file, or a Hugo /
// Markdown folder, or a Hexo or Jekyll site (core/import/post-folders/). Large files are read as streams, and the bodies of a Ghost or WordPress
// export wait in a temporary file (spill-bodies.ts) rather than in memory until the writer
// reads each one: the document stays readable until close(). The kind is told by the name
// and, for a folder, by its being one; anything else is refused with what Duet does import.
// It also says which site the source is (core/import/source-identity.ts), from the source
// itself, so the same export read from another path is recognised.
import { createReadStream } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { ImportFormatError, type ImportDocument } from '@/core/import/import-document';
import type { ImportOptions } from '@/core/import/import-options';
import { sourceIdentity, type SourceIdentity } from '@/core/import/source-identity';
import { parseGhostExportStream } from '@/core/import/ghost/parse-ghost-export';
import { parseHugoFiles } from '@/core/import/hugo/parse-hugo-files';
import { isHugoConfigPath } from '@/core/import/hugo/read-hugo-config';
import { detectPostFolderKind, readPostFolderSite } from '@/core/import/post-folders/post-folder-site';
import { parsePostFolders } from '@/core/import/post-folders/parse-post-folders';
import { parseWxr } from '@/core/import/wxr/parse-wxr';
import { folderFiles, type ImportFiles } from './import-media';
import { openImportArchive } from './read-archive';
import { readGhostArchive } from './read-ghost-archive';
import { SpilledBodies } from './spill-bodies';

export interface OpenedImport {
  document: ImportDocument;
  /** Which site this is, for recognising what an earlier import made. */
  identity: SourceIdentity;
  files: ImportFiles | null;
  /** Frees the archive and the bodies' temporary file: the texts' bodies are gone after it. */
  close(): void;
}

export type SourceOptions = Omit<ImportOptions, 'archiveFiles' | 'bodies'> & {
  /** A folder holding the files the export refers to (`--media`). */
  mediaFolder?: string;
};

/** A Markdown folder bigger than this is not a blog: refused before anything is read. */
const maxFolderFiles = 100_000;
const maxMarkdownBytes = 5 * 1024 * 1024;

async function listFolder(root: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) await walk(path);
      else if (entry.isFile()) found.push(relative(root, path).split(sep).join('/'));
      if (found.length > maxFolderFiles) throw new ImportFormatError(`The folder holds more than ${maxFolderFiles} files; give the site's content folder.`, { file: root });
    }
  };
  await walk(root);
  return found;
}

const hugoConfigs = ['hugo', 'config', 'config/_default/hugo', 'config/_default/config'].flatMap((name) => ['toml', 'yaml', 'yml', 'json'].map((ext) => `${name}.${ext}`));

/** A Hugo site's baseURL from its configuration (in the folder, or above a `content` folder). */
async function readHugoBaseUrl(folder: string): Promise<string | null> {
  const roots = basename(folder) === 'content' ? [folder, dirname(folder)] : [folder];
  for (const root of roots) {
    for (const name of hugoConfigs) {
      const text = await readFile(join(root, name), 'utf8').catch(() => null);
      const found = text && /^\s*"?baseurl"?\s*[:=]\s*["']?([^"'\s,#]+)/im.exec(text);
      if (found) return found[1]!;
    }
  }
  return null;
}

async function openHugoFolder(folder: string, options: SourceOptions): Promise<OpenedImport> {
  const paths = await listFolder(folder);
  const markdown = paths.filter((p) => /\.(md|markdown)$/i.test(p));
  if (markdown.length === 0) throw new ImportFormatError('The folder holds no Markdown files (.md).', { file: folder });
  const files = [];
  const postFolders = detectPostFolderKind(paths);
  // The site's configuration says which languages its files are in (read-hugo-config.ts).
  for (const path of [...(postFolders ? [] : paths.filter(isHugoConfigPath)), ...markdown]) {
    const full = join(folder, path);
    if ((await stat(full)).size > maxMarkdownBytes) throw new ImportFormatError(`${path} is larger than 5 MB; it is not a text.`, { file: path });
    files.push({ path, content: await readFile(full, 'utf8') });
  }
  const root = resolve(folder);
  if (postFolders) {
    // A Hexo or Jekyll site: its `_config.yml` names its languages and its address.
    const config = paths.includes('_config.yml') ? await readFile(join(folder, '_config.yml'), 'utf8') : null;
    const document = parsePostFolders(files, readPostFolderSite(postFolders, config), { ...options, archiveFiles: new Set(paths) });
    return { document, identity: sourceIdentity(document.source, { folderName: basename(root) }), files: await folderFiles(options.mediaFolder ?? folder), close: () => undefined };
  }
  const document = parseHugoFiles(files, { ...options, archiveFiles: new Set(paths) });
  const identity = sourceIdentity(document.source, { path: root, baseUrl: await readHugoBaseUrl(root), folderName: basename(root) });
  return { document, identity, files: await folderFiles(options.mediaFolder ?? folder), close: () => undefined };
}

async function openGhostZip(file: string, options: SourceOptions, bodies: SpilledBodies): Promise<OpenedImport> {
  const peek = await openImportArchive(file);
  const isDuetExport = peek.entries.some((e) => e.path === 'duet.json');
  try {
    // Before anything is parsed or written: an entry larger than its header says is refused.
    if (!isDuetExport) await peek.verify();
  } finally {
    peek.close();
  }
  if (isDuetExport) throw new ImportFormatError('This is a Duet export: load it into an empty site with `npm run duet -- import-duet <file>`.', { file });
  const { document, root } = await readGhostArchive(file, { ...options, bodies });
  const identity = sourceIdentity(document.source, { path: resolve(file) });
  if (options.mediaFolder) return { document, identity, files: await folderFiles(options.mediaFolder), close: () => bodies.close() };
  const archive = await openImportArchive(file);
  const prefix = root ? `${root}/` : '';
  const entries = new Set(archive.entries.map((e) => e.path));
  return {
    document,
    identity,
    files: { has: (path) => entries.has(prefix + path), open: (path): Promise<Readable> => archive.openEntry(prefix + path) },
    close: () => {
      archive.close();
      bodies.close();
    },
  };
}

/** A Ghost or WordPress export, its bodies spilled to a temporary file that lives until close(). */
async function openExport(path: string, options: SourceOptions, media: ImportFiles | null): Promise<OpenedImport> {
  const bodies = new SpilledBodies();
  try {
    const lower = path.toLowerCase();
    if (lower.endsWith('.zip')) return await openGhostZip(path, options, bodies);
    const parse = lower.endsWith('.json') ? parseGhostExportStream : parseWxr;
    const document = await parse(createReadStream(path), { ...options, bodies });
    return { document, identity: sourceIdentity(document.source, { path: resolve(path) }), files: media, close: () => bodies.close() };
  } catch (error) {
    bodies.close();
    throw error;
  }
}

export async function openImportSource(path: string, options: SourceOptions = {}): Promise<OpenedImport> {
  const info = await stat(path).catch(() => null);
  if (!info) throw new ImportFormatError(`There is no file or folder at ${path}.`, { file: path });
  if (info.isDirectory()) return openHugoFolder(path, options);
  const media = options.mediaFolder ? await folderFiles(options.mediaFolder) : null;
  if (/\.(zip|json|xml|wxr)$/i.test(path)) return openExport(path, options, media);
  throw new ImportFormatError('Duet imports Ghost exports (.json or .zip), WordPress WXR files (.xml) and Hugo, Hexo, Jekyll or Markdown folders.', { file: path });
}
