// The Studio's media library search (db/repositories/media-library.ts) for its page; the
// page has already identified the caller.
import { getDatabase } from '@/db/client';
import { searchMediaLibrary, type LibraryItem, type LibrarySearch } from '@/db/repositories/media-library';

export type { LibraryItem, LibrarySearch };

export function searchLibrary(search: LibrarySearch): Promise<{ items: LibraryItem[]; total: number }> {
  return searchMediaLibrary(getDatabase(), search);
}
