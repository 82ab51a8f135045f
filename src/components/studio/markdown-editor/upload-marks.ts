// Files on their way to the media library, shown where they were dropped: a progress bar
// that moves with the text around it, and where the file's Markdown goes when it arrives.
// Nothing is written into the text until then, so an autosave never keeps a placeholder.
import { StateEffect, StateField } from '@codemirror/state';
import { Decoration, EditorView, WidgetType } from '@codemirror/view';

export interface UploadMark {
  id: number;
  pos: number;
  name: string;
  /** null while the size is not known (an image the server is copying from another site). */
  percent: number | null;
  failed?: string;
}

export const addUpload = StateEffect.define<UploadMark>();
export const updateUpload = StateEffect.define<{ id: number; percent?: number | null; failed?: string }>();
export const removeUpload = StateEffect.define<number>();

class UploadWidget extends WidgetType {
  constructor(readonly mark: UploadMark) {
    super();
  }
  eq(other: UploadWidget) {
    return other.mark.id === this.mark.id && other.mark.percent === this.mark.percent && other.mark.failed === this.mark.failed;
  }
  toDOM() {
    const wrap = document.createElement('span');
    wrap.className = 'cm-md-upload';
    wrap.dataset.state = this.mark.failed ? 'failed' : 'uploading';
    const label = document.createElement('span');
    label.textContent = this.mark.failed ? `${this.mark.name}: ${this.mark.failed}` : this.mark.percent === null ? this.mark.name : `${this.mark.name} ${this.mark.percent}%`;
    wrap.append(label);
    if (!this.mark.failed) {
      const bar = document.createElement('progress');
      bar.max = 100;
      // Without a value the bar is indeterminate: it moves without claiming a share done.
      if (this.mark.percent !== null) bar.value = this.mark.percent;
      bar.setAttribute('aria-label', this.mark.name);
      wrap.append(bar);
    }
    return wrap;
  }
}

export const uploadsField = StateField.define<UploadMark[]>({
  create: () => [],
  update(marks, tr) {
    let next = tr.docChanged ? marks.map((m) => ({ ...m, pos: tr.changes.mapPos(m.pos, 1) })) : marks;
    for (const effect of tr.effects) {
      if (effect.is(addUpload)) next = [...next, effect.value];
      else if (effect.is(updateUpload)) next = next.map((m) => (m.id === effect.value.id ? { ...m, ...effect.value } : m));
      else if (effect.is(removeUpload)) next = next.filter((m) => m.id !== effect.value);
    }
    return next;
  },
  provide: (field) =>
    EditorView.decorations.from(field, (marks) =>
      Decoration.set(
        marks.map((m) => Decoration.widget({ widget: new UploadWidget(m), side: 1 }).range(m.pos)),
        true,
      ),
    ),
});
