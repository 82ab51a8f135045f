// Adds confirmed members for bench/newsletter.mjs through the member import's own db
// functions (the default newsletter made as an import makes it, members in batches of 500
// in one transaction each): two in three English, one in three `both`.
//   DATA_DIR=… npx tsx bench/newsletter-members.ts 10000
import { createDatabase } from '@/db/client';
import { importNewsletters, insertImportedMembers } from '@/db/members/member-directory';
import type { ImportedMember } from '@/core/members/member-import';

const count = Number(process.argv[2] ?? 10_000);
const db = createDatabase({ url: '', dataDir: process.env.DATA_DIR });
const now = new Date();
const newsletters = await importNewsletters(db, undefined, { zh: '双声', en: 'Duet' }, now);
let added = 0;
for (let start = 0; start < count; start += 500) {
  const batch: ImportedMember[] = [];
  for (let i = start; i < Math.min(count, start + 500); i++) {
    batch.push({ email: `reader-${i}@example.com`, language: i % 3 === 2 ? 'both' : 'en', status: 'subscribed', createdAt: null, confirmedAt: null, unsubscribedAt: null });
  }
  added += (await insertImportedMembers(db, batch, newsletters, now)).length;
}
await db.destroy();
process.stdout.write(`${JSON.stringify({ added, newsletters })}\n`);
