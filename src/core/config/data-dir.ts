// Where Duet keeps what it writes (the SQLite database, media, the secrets, site jobs):
// DATA_DIR, or `data/` in the working directory. Every layer asks this one function.
import { join } from 'node:path';

export function dataDir(): string {
  return process.env.DATA_DIR ?? join(process.cwd(), 'data');
}
