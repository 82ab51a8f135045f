// What goes into the text from outside it: files dropped or pasted (uploaded with their
// progress shown where they land, an image's description asked meanwhile), HTML pasted
// from a document or a page (converted to Markdown in the browser, its images from other
// sites then copied into the library: remote-import.ts), and picks from the media library.
import type { EditorView } from '@codemirror/view';
import type { Media } from '@/core/content/types';
import { mediaKindOf, uploadFile } from '../upload-file';
import type { ImageText } from './alt-dialog';
import { imageMarkdown, insertBlock } from './format';
import type { InsertDeps } from './insert-deps';
import { readableName } from './media-picker';
import { copyRemoteImages } from './remote-import';
import { addUpload, removeUpload, updateUpload, uploadsField } from './upload-marks';

export type { InsertDeps } from './insert-deps';

/** HTML past this size is pasted as plain text: converting it would hold the tab for seconds. */
const maxPastedHtml = 1_000_000;

/** A library file as Markdown: an image with its description, anything else as a link. */
function mediaMarkdown(media: Pick<Media, 'kind' | 'path'>, text: ImageText): string {
  return media.kind === 'image' ? imageMarkdown(media.path, text.alt, text.caption) : `[${readableName(media.path)}](${media.path})`;
}

export async function insertDroppedFiles(view: EditorView, files: File[], pos: number, { t, askAlt, setNotice, nextId }: InsertDeps): Promise<void> {
  await Promise.all(
    files.map(async (file) => {
      const id = nextId();
      const kind = mediaKindOf(file);
      view.dispatch({ effects: addUpload.of({ id, pos, name: file.name || t('pastedImage'), percent: 0 }) });
      const fail = (message: string) => {
        view.dispatch({ effects: updateUpload.of({ id, failed: message }) });
        setNotice(t('uploadFailed', { name: file.name, message }));
        setTimeout(() => view.dispatch({ effects: removeUpload.of(id) }), 8000);
      };
      if (!kind || kind === 'subtitle') return fail(t('notMedia'));
      const preview = kind === 'image' ? URL.createObjectURL(file) : '';
      const [result, text] = await Promise.all([
        uploadFile(file, (percent) => view.dispatch({ effects: updateUpload.of({ id, percent }) })),
        kind === 'image' ? askAlt({ preview, name: file.name }) : Promise.resolve({ alt: '', caption: '' }),
      ]);
      if (preview) URL.revokeObjectURL(preview);
      if (!result.ok) return fail(result.tooLarge ? t('tooLarge', { max: `${result.tooLarge.maxMb} MB` }) : result.message);
      // Where the drop point has moved to, with the writing done meanwhile.
      const at = view.state.field(uploadsField).find((m) => m.id === id)?.pos ?? view.state.selection.main.head;
      const markdown = mediaMarkdown(result.media, text);
      view.dispatch({ ...insertBlock(view.state, markdown, markdown.length, at), effects: removeUpload.of(id), userEvent: 'input.drop' });
      setNotice(t('uploaded', { name: file.name }));
    }),
  );
}

export async function pasteConverted(view: EditorView, html: string, from: number, to: number, deps: InsertDeps): Promise<void> {
  const { t, setNotice } = deps;
  const before = view.state.doc;
  let markdown: string;
  let remoteImages: string[] = [];
  if (html.length > maxPastedHtml) {
    markdown = new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
    setNotice(t('pasteTooLarge'));
  } else {
    const { htmlToMarkdown } = await import('@/core/markdown/html-to-markdown');
    const converted = htmlToMarkdown(html);
    markdown = converted.markdown.replace(/\n+$/, '');
    remoteImages = converted.remoteImages;
    setNotice(null);
  }
  // Typed on meanwhile: the paste goes where the caret is now.
  const range = view.state.doc === before ? { from, to } : view.state.selection.main;
  view.dispatch({ changes: { from: range.from, to: range.to, insert: markdown }, selection: { anchor: range.from + markdown.length }, userEvent: 'input.paste', scrollIntoView: true });
  await copyRemoteImages(view, remoteImages, deps);
}

export async function insertFromLibrary(view: EditorView, media: Media, locale: 'zh' | 'en', { askAlt }: InsertDeps): Promise<void> {
  const at = view.state.selection.main.head;
  const text = media.kind === 'image' ? await askAlt({ preview: media.path, name: readableName(media.path), alt: media.alt[locale] ?? '' }) : { alt: '', caption: '' };
  const markdown = mediaMarkdown(media, text);
  // The caret's place when the picker was used (the dialog is modal: nothing is typed meanwhile).
  const pos = Math.min(at, view.state.doc.length);
  view.dispatch({ ...insertBlock(view.state, markdown, markdown.length, pos), userEvent: 'input.media' });
  view.focus();
}
