// A page whose button throws in the browser (diagnostics only): proves the
// client-side exception notice.
import { connection } from 'next/server';
import { notFound } from 'next/navigation';
import { CrashOnClick } from '@/components/site/crash-on-click';
import { areDiagnosticsEnabled } from '@/server/diagnostics';

export default async function ClientErrorPage() {
  await connection();
  if (!areDiagnosticsEnabled()) notFound();
  return (
    <main id="content" className="site-main">
      <CrashOnClick label="Crash" />
    </main>
  );
}
