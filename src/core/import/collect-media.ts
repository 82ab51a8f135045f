// Finds the media a text refers to and where each file is: inside the export (its path
// in the archive or folder, so the writer can ingest it), missing from it, or on another
// site. The server never fetches a remote file: remote images stay links, flagged.
import { posix } from 'node:path';
import type { Nodes } from 'mdast';
import { parseMarkdown } from '@/core/markdown/parse-markdown';
import type { ImportMediaRef, ImportWarning } from './import-document';
import { detachedCopy } from './import-values';

export interface MediaContext {
  /** Paths of the files that came with the export (archive entries, folder files). */
  archiveFiles?: ReadonlySet<string>;
  /** The site's own addresses: its images are local even when written as full URLs. */
  siteUrls?: readonly string[];
  /** Folders a site-absolute path may live under in the export (Hugo's `static/`). */
  rootFolders?: readonly string[];
}

export interface MediaProblems {
  missing: string[];
  remote: string[];
}

export interface ResolvedMedia {
  ref: ImportMediaRef;
  problem: keyof MediaProblems | null;
}

/** Where `source` is, seen from a text stored at `textPath` (for relative references). */
export function resolveMedia(source: string, context: MediaContext, textPath?: string): ResolvedMedia {
  const local = toLocalPath(source.trim(), context, textPath);
  if (local === null) return { ref: { source, archivePath: null }, problem: 'remote' };
  const archivePath = findInArchive(local, context);
  return { ref: { source, archivePath }, problem: archivePath ? null : 'missing' };
}

/** The images of a Markdown body, in order, each once, with the problems found. */
export function collectMedia(markdown: string, context: MediaContext, textPath?: string): { media: ImportMediaRef[]; problems: MediaProblems } {
  const media: ImportMediaRef[] = [];
  const problems: MediaProblems = { missing: [], remote: [] };
  const seen = new Set<string>();
  const add = (found: string, alt: string | null | undefined, title: string | null | undefined) => {
    if (!found || seen.has(found) || /^data:/i.test(found)) return;
    seen.add(found);
    // Copies, not pieces of the body: the references outlive it (see detachedCopy).
    const url = detachedCopy(found);
    const { ref, problem } = resolveMedia(url, context, textPath);
    if (alt) ref.alt = detachedCopy(alt);
    if (title) ref.caption = detachedCopy(title);
    media.push(ref);
    if (problem) problems[problem].push(url);
  };
  if (!markdown.includes('![') && !/^\s*\[[^\]]+\]:/m.test(markdown)) return { media, problems };
  const tree = parseMarkdown(markdown);
  const definitions = new Map<string, { url: string; title?: string | null }>();
  const stack: Nodes[] = [tree];
  const ordered: Array<() => void> = [];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === 'image') ordered.push(() => add(node.url, node.alt, node.title));
    else if (node.type === 'definition') definitions.set(node.identifier, { url: node.url, title: node.title });
    else if (node.type === 'imageReference') {
      ordered.push(() => {
        const definition = definitions.get(node.identifier);
        if (definition) add(definition.url, node.alt, definition.title);
      });
    }
    if ('children' in node) for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
  }
  for (const step of ordered) step();
  return { media, problems };
}

/** One warning per kind of problem for a text, naming the first few files. */
export function mediaWarnings(sourceId: string, problems: MediaProblems): ImportWarning[] {
  const warnings: ImportWarning[] = [];
  const list = (urls: string[]) => urls.slice(0, 3).join(', ') + (urls.length > 3 ? `, and ${urls.length - 3} more` : '');
  if (problems.missing.length > 0) {
    warnings.push({ code: 'media-missing', sourceId, message: `${problems.missing.length} file(s) are not in the export and stay links: ${list(problems.missing)}.` });
  }
  if (problems.remote.length > 0) {
    warnings.push({ code: 'remote-media', sourceId, message: `${problems.remote.length} image(s) on other sites stay remote links: ${list(problems.remote)}.` });
  }
  return warnings;
}

/** The site-relative path of a reference, or null when it points at another site. */
function toLocalPath(source: string, context: MediaContext, textPath?: string): string | null {
  if (/^(https?:)?\/\//i.test(source)) {
    const url = safeUrl(source.startsWith('//') ? `https:${source}` : source);
    if (!url) return null;
    for (const site of context.siteUrls ?? []) {
      const base = safeUrl(site.endsWith('/') ? site : `${site}/`);
      if (base && url.host === base.host && url.pathname.startsWith(base.pathname)) return decodePath(url.pathname.slice(base.pathname.length));
    }
    return null;
  }
  if (/^[a-z][a-z0-9+.-]*:/i.test(source)) return null;
  const path = source.split(/[?#]/)[0]!;
  if (path.startsWith('/')) return decodePath(path.slice(1));
  const joined = posix.normalize(posix.join(textPath ? posix.dirname(textPath) : '', decodePath(path)));
  return joined.startsWith('../') ? null : joined;
}

function findInArchive(path: string, context: MediaContext): string | null {
  const files = context.archiveFiles;
  if (!files || !path) return null;
  const candidates = [path, ...(context.rootFolders ?? []).map((folder) => posix.join(folder, path))];
  for (const candidate of candidates) {
    if (files.has(candidate)) return candidate;
    // Ghost serves resized copies from /size/w600/…; the export holds the original.
    const original = candidate.replace(/(^|\/)size\/w\d+(?:h\d+)?\//, '$1').replace(/-\d{2,5}x\d{2,5}(\.[a-z0-9]+)$/i, '$1');
    if (original !== candidate && files.has(original)) return original;
  }
  return null;
}

function decodePath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

function safeUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}
