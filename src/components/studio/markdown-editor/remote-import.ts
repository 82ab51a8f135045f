// Images from other sites into the media library, from the editor: after a paste, every
// http(s) image it brought is copied by the server, one after another, with the upload's
// progress mark where it sits; on success its address in the text becomes the library's,
// as one change of its own (Ctrl+Z gives the old address back). A refusal stays beside the
// image, worded in the writer's language, with "Upload to library" to try again and
// "Remove". Nothing is written into the text while a copy is on its way.
import { isolateHistory } from '@codemirror/commands';
import { syntaxTree } from '@codemirror/language';
import type { EditorView } from '@codemirror/view';
import { importRemoteImage, type RemoteImportResult } from '../import-remote-image';
import { uploadLimitsMb } from '../upload-file';
import type { InsertDeps } from './insert-deps';
import { imageSource, imagesWithSource, setRemoteImport } from './remote-images';
import { addUpload, removeUpload } from './upload-marks';

const noRoom = new Set(['role-limit', 'storage-quota', 'disk-full']);
const notImage = new Set(['empty', 'html', 'xml', 'pdf', 'archive', 'executable', 'script', 'unsupported', 'unknown', 'kind-mismatch']);
const worded = new Set(['url', 'unresolvable', 'private-address', 'forbidden-address', 'redirect', 'timeout', 'network', 'svg', 'image-undecodable', 'image-too-many-pixels', 'offline']);

/** Why a copy failed, in the writer's language. */
export function wordRefusal(t: InsertDeps['t'], result: Extract<RemoteImportResult, { ok: false }>): string {
  const { reason, message } = result;
  if (reason === 'http-status') return t('remoteReasons.http-status', { status: /\b([1-5]\d\d)\b/.exec(message)?.[1] ?? '?' });
  if (reason === 'too-large') return t('remoteReasons.too-large', { max: uploadLimitsMb.image! });
  if (noRoom.has(reason)) return t('remoteReasons.no-room');
  if (notImage.has(reason)) return t('remoteReasons.not-image');
  if (reason === 'interrupted') return t('remoteReasons.network');
  if (worded.has(reason)) return t(`remoteReasons.${reason as 'url'}`);
  return t('remoteReasons.other', { message });
}

/** Copies one address's image; every image in the text with that address then shows the library's. */
export async function copyRemoteImage(view: EditorView, url: string, deps: InsertDeps): Promise<boolean> {
  const { t, setNotice, nextId } = deps;
  const first = imagesWithSource(view.state, url)[0];
  if (!first) return true;
  const id = nextId();
  const alt = /^!\[([^\]]*)\]/.exec(view.state.sliceDoc(first.from, first.to))?.[1];
  const host = (() => {
    try {
      return new URL(url).host;
    } catch {
      return url;
    }
  })();
  view.dispatch({ effects: [addUpload.of({ id, pos: first.to, name: alt || host, percent: null }), setRemoteImport.of({ url, value: { state: 'fetching' } })] });
  const result = await importRemoteImage(url);
  if (!result.ok) {
    const reason = wordRefusal(t, result);
    view.dispatch({ effects: [removeUpload.of(id), setRemoteImport.of({ url, value: { state: 'failed', reason: t('remoteFailed', { reason }) } })] });
    setNotice(t('remoteFailedNotice', { reason }));
    return false;
  }
  // Where the images are now, with the writing done meanwhile.
  const changes = imagesWithSource(view.state, url).map((image) => ({ from: image.url.from, to: image.url.to, insert: result.media.path }));
  view.dispatch({ changes, effects: [removeUpload.of(id), setRemoteImport.of({ url, value: null })], userEvent: 'input.media', annotations: isolateHistory.of('full') });
  return true;
}

/** Copies each address in turn (the server fetches one at a time for this writer). */
export async function copyRemoteImages(view: EditorView, urls: string[], deps: InsertDeps): Promise<void> {
  if (urls.length === 0) return;
  deps.setNotice(deps.t('remoteImages', { count: urls.length }));
  let copied = 0;
  let failed = 0;
  for (const url of urls) {
    if (await copyRemoteImage(view, url, deps)) copied += 1;
    else failed += 1;
  }
  if (failed === 0) deps.setNotice(deps.t('remoteCopied', { count: copied }));
}

/** Takes the image at `at` out of the text (its line too, when it stood alone on it). */
export function removeImage(view: EditorView, url: string, at: number): void {
  const { state } = view;
  let found: { from: number; to: number } | null = null;
  for (const side of [1, -1] as const) {
    for (let node: ReturnType<typeof syntaxTree>['topNode'] | null = syntaxTree(state).resolveInner(at, side); node && !found; node = node.parent) {
      if (node.name === 'Image' && imageSource(state, node) === url) found = { from: node.from, to: node.to };
    }
  }
  if (!found) return;
  const line = state.doc.lineAt(found.from);
  const alone = line.text.trim() === state.sliceDoc(found.from, found.to).trim() && line.to === found.to;
  const range = alone ? { from: line.from, to: Math.min(line.to + 1, state.doc.length) } : found;
  view.dispatch({ changes: { ...range, insert: '' }, userEvent: 'delete', scrollIntoView: true });
  view.focus();
}
