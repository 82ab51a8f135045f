// What inserting into the text needs from the editor around it: its words, the image
// description dialog, the notice line and ids for upload marks (insert-content.ts,
// remote-import.ts).
import type { useTranslations } from 'next-intl';
import type { ImageText } from './alt-dialog';

export interface InsertDeps {
  t: ReturnType<typeof useTranslations<'studio.writer'>>;
  askAlt: (image: { preview: string; name: string; alt?: string }) => Promise<ImageText>;
  setNotice: (notice: string | null) => void;
  nextId: () => number;
}
