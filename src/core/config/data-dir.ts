// Where Duet keeps what it writes (the SQLite database, media, the secrets, site jobs):
// DATA_DIR, or `data/` in the working directory. Every layer asks this one function.
// Nothing in it belongs to the build: the comment keeps Turbopack from tracing the paths made
// from it (`data/auth.secret`, the database...) as files of the server's bundle, which failed
// a build while the folder changed under it (vitest, beside the build in `npm test`, or a
// running site writing its data).
import { join } from 'node:path';

export function dataDir(): string {
  return process.env.DATA_DIR ?? join(/* turbopackIgnore: true */ process.cwd(), 'data');
}
