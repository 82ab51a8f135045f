'use client';
// Upload by picker or drag and drop, one file at a time in order, each with a real
// progress bar (XMLHttpRequest reports upload progress; fetch does not), and a clear
// message when the server refuses a file. Sizes are checked here first so nobody waits
// for a 1 GB upload to be refused at the end.
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useRef, useState } from 'react';
import controls from './studio.module.css';
import styles from './editor.module.css';

interface Upload {
  id: number;
  name: string;
  percent: number;
  state: 'uploading' | 'done' | 'failed';
  message?: string;
}

const limits: Record<string, number> = { image: 20, audio: 200, video: 1024, subtitle: 2 };

function kindOf(file: File): string | undefined {
  if (file.type.startsWith('image/')) return 'image';
  if (file.type.startsWith('audio/')) return 'audio';
  if (file.type.startsWith('video/')) return 'video';
  if (/\.(vtt|srt)$/i.test(file.name)) return 'subtitle';
  return undefined;
}

export function MediaUploader() {
  const t = useTranslations('studio.media');
  const router = useRouter();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const counter = useRef(0);

  const patch = (id: number, change: Partial<Upload>) => setUploads((list) => list.map((u) => (u.id === id ? { ...u, ...change } : u)));

  const send = (file: File) =>
    new Promise<void>((resolve) => {
      const id = ++counter.current;
      setUploads((list) => [...list, { id, name: file.name, percent: 0, state: 'uploading' }]);
      const kind = kindOf(file);
      if (kind && file.size > limits[kind]! * 1024 * 1024) {
        patch(id, { state: 'failed', message: t('tooLarge', { kind, max: `${limits[kind]} MB` }) });
        resolve();
        return;
      }
      const xhr = new XMLHttpRequest();
      const query = new URLSearchParams({ name: file.name });
      xhr.open('POST', `/api/v1/studio/media?${query}`);
      xhr.setRequestHeader('content-type', 'application/octet-stream');
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) patch(id, { percent: Math.round((event.loaded / event.total) * 100) });
      };
      xhr.onload = () => {
        if (xhr.status === 200 || xhr.status === 201) patch(id, { state: 'done', percent: 100 });
        else {
          let message = `HTTP ${xhr.status}`;
          try {
            const body = JSON.parse(xhr.responseText) as { error?: { message?: string; fields?: Record<string, string[]> } };
            message = body.error?.fields?.file?.[0] ?? body.error?.message ?? message;
          } catch {
            // Not JSON: keep the status.
          }
          patch(id, { state: 'failed', message });
        }
        resolve();
      };
      xhr.onerror = () => {
        patch(id, { state: 'failed', message: 'network error' });
        resolve();
      };
      xhr.send(file);
    });

  const sendAll = async (files: FileList | null) => {
    if (!files) return;
    for (const file of Array.from(files)) await send(file);
    router.refresh();
  };

  return (
    <div
      className={styles.dropZone}
      data-dragging={dragging || undefined}
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(e) => {
        e.preventDefault();
        setDragging(false);
        void sendAll(e.dataTransfer.files);
      }}
    >
      <p>{t('drop')}</p>
      <p className={styles.muted}>{t('kinds')}</p>
      <label className={`${controls.primary} ${styles.fileButton}`}>
        {t('choose')}
        <input ref={input} type="file" multiple className={styles.fileInput} onChange={(e) => void sendAll(e.target.files)} />
      </label>
      <ul className={styles.uploads} aria-live="polite">
        {uploads.map((u) => (
          <li key={u.id} data-state={u.state}>
            {u.state === 'uploading' && (
              <>
                <span>{t('progress', { name: u.name, percent: u.percent })}</span>
                <progress max={100} value={u.percent} aria-label={u.name} />
              </>
            )}
            {u.state === 'done' && <span>{t('done', { name: u.name })}</span>}
            {u.state === 'failed' && (
              <span role="alert" className={controls.fieldError}>
                {t('failed', { name: u.name, message: u.message ?? '' })}
              </span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
