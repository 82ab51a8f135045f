// Throws while rendering on the server (diagnostics only): proves the 500 view.
import { connection } from 'next/server';
import { notFound } from 'next/navigation';
import { areDiagnosticsEnabled } from '@/server/diagnostics';

export default async function ServerErrorPage() {
  await connection();
  if (!areDiagnosticsEnabled()) notFound();
  throw new Error('Diagnostics: a server render error (secret detail that must not reach the client)');
}
