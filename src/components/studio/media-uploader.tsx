'use client';
// Upload by picker or drag and drop, one file at a time in order, each with a real
// progress bar (upload-file.ts), and a clear message when the server refuses a file.
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useRef, useState } from 'react';
import { uploadFile } from './upload-file';
import controls from './studio.module.css';
import styles from './editor.module.css';

interface Upload {
  id: number;
  name: string;
  percent: number;
  state: 'uploading' | 'done' | 'failed';
  message?: string;
}

export function MediaUploader() {
  const t = useTranslations('studio.media');
  const router = useRouter();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const counter = useRef(0);

  const patch = (id: number, change: Partial<Upload>) => setUploads((list) => list.map((u) => (u.id === id ? { ...u, ...change } : u)));

  const send = async (file: File) => {
    const id = ++counter.current;
    setUploads((list) => [...list, { id, name: file.name, percent: 0, state: 'uploading' }]);
    const result = await uploadFile(file, (percent) => patch(id, { percent }));
    if (result.ok) patch(id, { state: 'done', percent: 100 });
    else patch(id, { state: 'failed', message: result.tooLarge ? t('tooLarge', { kind: result.tooLarge.kind, max: `${result.tooLarge.maxMb} MB` }) : result.message });
  };

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
