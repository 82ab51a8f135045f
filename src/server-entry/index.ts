// The server entry's bundle runs this (scripts/build-server-entry.mjs): `node <distDir>/duet-server.mjs [--dev]`.
import { main } from './main';

main().catch((error: unknown) => {
  console.error('duet: the server could not start:', error);
  process.exit(1);
});
