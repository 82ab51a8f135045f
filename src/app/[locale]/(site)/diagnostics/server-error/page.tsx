// Throws while rendering on the server (diagnostics only): proves the 500 view.
import { notFound } from 'next/navigation';
import { areDiagnosticsEnabled } from '@/server/diagnostics';

// Decided per request: DUET_DIAGNOSTICS is read at run time, not at build time.
export const dynamic = 'force-dynamic';

export default async function ServerErrorPage() {
  if (!areDiagnosticsEnabled()) notFound();
  throw new Error('Diagnostics: a server render error (secret detail that must not reach the client)');
}
