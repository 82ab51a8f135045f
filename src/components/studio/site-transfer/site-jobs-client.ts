// The browser's side of site jobs: uploading a file to preview its import (with upload
// progress, which only XMLHttpRequest reports), starting an import, export or backup, and
// polling a running job until it finishes. Refusals come back as the API's stable reason.
import { useEffect, useState } from 'react';
import type { JobView } from '@/server/site-jobs/job-view';

export type { JobView };
export { downloadUrl, formatSize } from './job-format';
export type Failure = { reason: string; message: string };
export type Started = { ok: true; view: JobView } | { ok: false; failure: Failure };

const base = '/api/v1/studio/site-jobs';
const pollMs = 1000;

function failureOf(status: number, text: string): Failure {
  try {
    const body = JSON.parse(text) as { error?: { reason?: string; message?: string } };
    return { reason: body.error?.reason ?? (status === 413 ? 'import-too-large' : 'other'), message: body.error?.message ?? `HTTP ${status}` };
  } catch {
    return { reason: 'other', message: `HTTP ${status}` };
  }
}

export function uploadForPreview(file: File, language: string, onProgress: (percent: number) => void): Promise<Started> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    const query = new URLSearchParams({ name: file.name, ...(language ? { language } : {}) });
    xhr.open('POST', `${base}/imports?${query}`);
    xhr.setRequestHeader('content-type', 'application/octet-stream');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => resolve(xhr.status === 202 ? { ok: true, view: JSON.parse(xhr.responseText) as JobView } : { ok: false, failure: failureOf(xhr.status, xhr.responseText) });
    xhr.onerror = () => resolve({ ok: false, failure: { reason: 'network', message: 'network error' } });
    xhr.send(file);
  });
}

async function post(url: string, body: unknown): Promise<Started> {
  try {
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const text = await response.text();
    return response.status === 202 ? { ok: true, view: JSON.parse(text) as JobView } : { ok: false, failure: failureOf(response.status, text) };
  } catch {
    return { ok: false, failure: { reason: 'network', message: 'network error' } };
  }
}

export const confirmImport = (previewId: string) => post(`${base}/${previewId}/import`, {});
export const startArchive = (kind: 'export' | 'backup') => post(base, { kind });

/** The job as it is now: polled once a second while it runs, then left alone. */
export function usePolledJob(started: JobView | null, onFinished?: (view: JobView) => void): JobView | null {
  const [view, setView] = useState(started);
  // A new start replaces what was shown (adjusted while rendering, not in an effect).
  const [shownStart, setShownStart] = useState(started);
  if (shownStart !== started) {
    setShownStart(started);
    setView(started);
  }
  const id = view?.job.id;
  const isRunning = view?.job.state === 'running';
  useEffect(() => {
    if (!id || !isRunning) return;
    let isCancelled = false;
    const timer = setInterval(async () => {
      const response = await fetch(`${base}/${id}`, { cache: 'no-store' }).catch(() => null);
      if (!response?.ok || isCancelled) return;
      const next = (await response.json()) as JobView;
      if (isCancelled) return;
      setView(next);
      if (next.job.state !== 'running') onFinished?.(next);
    }, pollMs);
    return () => {
      isCancelled = true;
      clearInterval(timer);
    };
    // onFinished is read when the job ends; a new function each render must not restart polling.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, isRunning]);
  return view;
}
