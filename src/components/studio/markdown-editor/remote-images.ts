// Images whose address is not the media library's. Readers' pages allow only the site's
// own images (CSP `img-src 'self'`), so such an image shows nothing to a reader: the
// writing mode puts a marker beside it that says so, in the writer's language, with why a
// fetch failed when one did, and two actions: upload it to the library (the server fetches
// it, server/media/import-remote-image.ts) or remove it. What is being fetched or failed is
// kept per address in the editor's state, so every copy of one image says the same.
import { ensureSyntaxTree, syntaxTree } from '@codemirror/language';
import { StateEffect, StateField, type EditorState } from '@codemirror/state';
import { type EditorView, WidgetType } from '@codemirror/view';

export interface RemoteImageLabels {
  /** The marker's sentence for an http(s) image. */
  remote: string;
  /** The same for any other address that is not the library's (relative, data:…). */
  notLibrary: string;
  upload: string;
  remove: string;
  fetching: string;
}

export interface RemoteImageActions {
  upload: (view: EditorView, url: string) => void;
  remove: (view: EditorView, url: string, at: number) => void;
}

export type RemoteImport = { state: 'fetching' } | { state: 'failed'; reason: string };

export const setRemoteImport = StateEffect.define<{ url: string; value: RemoteImport | null }>();

export const remoteImportsField = StateField.define<ReadonlyMap<string, RemoteImport>>({
  create: () => new Map(),
  update(value, tr) {
    let next = value;
    for (const effect of tr.effects) {
      if (!effect.is(setRemoteImport)) continue;
      const copy = new Map(next);
      if (effect.value.value) copy.set(effect.value.url, effect.value.value);
      else copy.delete(effect.value.url);
      next = copy;
    }
    return next;
  },
});

/** The library's own files: a path on this site (not `//host/…`). */
export const isLibraryPath = (src: string) => src.startsWith('/') && !src.startsWith('//');
export const isWebAddress = (src: string) => /^https?:\/\//i.test(src);

/** The address an Image node shows, without the `<…>` a Markdown address may wear. */
export function imageSource(state: EditorState, node: { getChild(name: string): { from: number; to: number } | null }): string | null {
  const url = node.getChild('URL');
  return url ? state.sliceDoc(url.from, url.to).replace(/^<|>$/g, '') : null;
}

/** Each Image node's address range whose address is `src`, in order. */
export function imagesWithSource(state: EditorState, src: string): Array<{ from: number; to: number; url: { from: number; to: number } }> {
  const found: Array<{ from: number; to: number; url: { from: number; to: number } }> = [];
  // The whole text, parsed if it was not yet (a paste far from the part on screen), within 200 ms.
  (ensureSyntaxTree(state, state.doc.length, 200) ?? syntaxTree(state)).iterate({
    enter: (node) => {
      if (node.name !== 'Image') return undefined;
      const url = node.node.getChild('URL');
      if (url && imageSource(state, node.node) === src) found.push({ from: node.from, to: node.to, url: { from: url.from, to: url.to } });
      return false;
    },
  });
  return found;
}

export class RemoteImageMarker extends WidgetType {
  constructor(
    readonly src: string,
    readonly alt: string,
    readonly status: RemoteImport | undefined,
    readonly labels: RemoteImageLabels,
    readonly actions: RemoteImageActions,
    readonly isReadOnly: boolean,
  ) {
    super();
  }
  eq(other: RemoteImageMarker) {
    return other.src === this.src && other.alt === this.alt && other.isReadOnly === this.isReadOnly && JSON.stringify(other.status) === JSON.stringify(this.status);
  }
  toDOM(view: EditorView) {
    const wrap = document.createElement('span');
    wrap.className = 'cm-md-remote';
    wrap.setAttribute('role', 'group');
    const canUpload = isWebAddress(this.src);
    const sentence = document.createElement('span');
    sentence.className = 'cm-md-remote-text';
    sentence.textContent = canUpload ? this.labels.remote : this.labels.notLibrary;
    const address = document.createElement('span');
    address.className = 'cm-md-remote-address';
    address.textContent = this.alt ? `${this.alt} · ${this.src}` : this.src;
    address.title = this.src;
    wrap.append(sentence, address);
    if (this.status?.state === 'failed') {
      const reason = document.createElement('span');
      reason.className = 'cm-md-remote-reason';
      reason.textContent = this.status.reason;
      wrap.append(reason);
    }
    wrap.setAttribute('aria-label', [sentence.textContent, this.status?.state === 'failed' ? this.status.reason : ''].filter(Boolean).join(' '));
    // A text the writer may not change gets the words, not the buttons.
    if (this.isReadOnly) return wrap;
    const buttons = document.createElement('span');
    buttons.className = 'cm-md-remote-actions';
    const fetching = this.status?.state === 'fetching';
    const button = (label: string, name: string, run: () => void) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = label;
      b.dataset.action = name;
      b.disabled = fetching;
      b.addEventListener('mousedown', (event) => event.preventDefault());
      b.addEventListener('click', run);
      buttons.append(b);
    };
    if (canUpload) button(fetching ? this.labels.fetching : this.labels.upload, 'upload', () => this.actions.upload(view, this.src));
    button(this.labels.remove, 'remove', () => this.actions.remove(view, this.src, view.posAtDOM(wrap)));
    wrap.append(buttons);
    return wrap;
  }
  /** The buttons are the widget's own; CodeMirror leaves their clicks alone. */
  ignoreEvent(event: Event) {
    return (event.target as HTMLElement | null)?.closest('button') !== null;
  }
}
