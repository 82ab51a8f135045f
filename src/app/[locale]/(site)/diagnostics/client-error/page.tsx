// A page whose button throws in the browser (diagnostics only): proves the
// client-side exception notice.
import { notFound } from 'next/navigation';
import { CrashOnClick } from '@/components/site/crash-on-click';
import { areDiagnosticsEnabled } from '@/server/diagnostics';

// Decided per request: DUET_DIAGNOSTICS is read at run time, not at build time.
export const dynamic = 'force-dynamic';

export default async function ClientErrorPage() {
  if (!areDiagnosticsEnabled()) notFound();
  return (
    <main id="content" className="site-main">
      <CrashOnClick label="Crash" />
    </main>
  );
}
