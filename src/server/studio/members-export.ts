// The members export: a CSV a spreadsheet or another platform reads (UTF-8 with a BOM so
// Excel shows Chinese newsletter names; a formula-looking field is quoted harmless),
// written 1,000 rows at a time from a keyset, so 100,000 members never sit in memory
// and no query holds the server for long.
import { csvField, parseMemberFilter } from '@/core/members/member-directory';
import { getDatabase } from '@/db/client';
import { exportBatch, listNewsletterSummaries } from '@/db/members/member-directory';

const header = ['email', 'language', 'status', 'newsletters', 'created_at', 'confirmed_at', 'unsubscribed_at'];
const batchSize = 1000;

export function membersCsv(params: URLSearchParams): Response {
  const filter = parseMemberFilter(Object.fromEntries(params));
  const db = getDatabase();
  const encoder = new TextEncoder();
  let afterId = 0;
  let names: Map<number, string> | null = null;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!names) {
        names = new Map((await listNewsletterSummaries(db)).map((n) => [n.id, n.name.en || n.name.zh]));
        controller.enqueue(encoder.encode(`\uFEFF${header.join(',')}\r\n`));
        return;
      }
      const rows = await exportBatch(db, filter, afterId, batchSize);
      if (rows.length === 0) {
        controller.close();
        return;
      }
      afterId = rows.at(-1)!.id;
      const lines = rows.map((m) =>
        [m.email, m.language, m.status, m.newsletters.map((id) => names!.get(id) ?? String(id)).join('; '), m.createdAt, m.confirmedAt, m.unsubscribedAt].map(csvField).join(','),
      );
      controller.enqueue(encoder.encode(`${lines.join('\r\n')}\r\n`));
    },
  });
  const stamp = new Date().toISOString().slice(0, 10);
  return new Response(stream, {
    headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="members-${stamp}.csv"`, 'Cache-Control': 'private, no-store' },
  });
}
