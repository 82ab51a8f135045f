'use client';
// "Copy for WeChat" and "Copy as rich text" for one language of a post: a dialog shows
// exactly what will be pasted, at a phone's width (a sandboxed <iframe srcdoc>, so the
// copy's own inline styles are all it has), and its Copy button puts the HTML and a plain
// text on the clipboard: a ClipboardItem where the browser has one, else the older
// execCommand('copy') on a selection of the same HTML. The copy is made on the server from
// the draft's stored rendering (GET …/translations/{locale}/copy), so unsaved changes are
// saved first.
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { callApi } from './editor-api';
import controls from './studio.module.css';
import editor from './editor.module.css';
import styles from './copy-elsewhere.module.css';

type Target = 'wechat' | 'rich';

interface Copy {
  html: string;
  text: string;
}

interface Props {
  postId: number;
  locale: 'zh' | 'en';
  /** Saves the draft when it has unsaved changes (the copy is made from what was saved). */
  saveFirst: () => Promise<unknown>;
}

async function writeClipboard(copy: Copy): Promise<boolean> {
  try {
    if (typeof ClipboardItem !== 'undefined' && navigator.clipboard?.write) {
      const item = new ClipboardItem({
        'text/html': new Blob([copy.html], { type: 'text/html' }),
        'text/plain': new Blob([copy.text], { type: 'text/plain' }),
      });
      await navigator.clipboard.write([item]);
      return true;
    }
  } catch {
    // Refused (no permission, not focused): the older way below.
  }
  return copyBySelection(copy);
}

/** Selects the HTML in a hidden element and copies it; the copy event sets both types. */
function copyBySelection(copy: Copy): boolean {
  const holder = document.createElement('div');
  holder.contentEditable = 'true';
  holder.style.cssText = 'position:fixed;left:-10000px;top:0;width:375px;opacity:0';
  holder.innerHTML = copy.html;
  document.body.append(holder);
  const onCopy = (event: ClipboardEvent) => {
    event.clipboardData?.setData('text/html', copy.html);
    event.clipboardData?.setData('text/plain', copy.text);
    event.preventDefault();
  };
  document.addEventListener('copy', onCopy);
  const selection = window.getSelection();
  const range = document.createRange();
  range.selectNodeContents(holder);
  selection?.removeAllRanges();
  selection?.addRange(range);
  try {
    return document.execCommand('copy');
  } finally {
    document.removeEventListener('copy', onCopy);
    selection?.removeAllRanges();
    holder.remove();
  }
}

function frameDocument(html: string, locale: string): string {
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head><body style="margin:0;padding:16px;background:#ffffff">${html}</body></html>`;
}

export function CopyElsewhere({ postId, locale, saveFirst }: Props) {
  const t = useTranslations('studio.copyElsewhere');
  const apiErrors = useTranslations('studio.apiErrors');
  const dialog = useRef<HTMLDialogElement>(null);
  const copyButton = useRef<HTMLButtonElement>(null);
  const [target, setTarget] = useState<Target | null>(null);
  const [copy, setCopy] = useState<Copy | null>(null);
  const [status, setStatus] = useState<{ text: string; isError: boolean } | null>(null);
  const titleId = `${locale}-copy-title`;
  // Only the answer to the latest opening is shown (the writer may switch targets quickly).
  const asked = useRef(0);

  const open = async (chosen: Target) => {
    const ask = ++asked.current;
    setTarget(chosen);
    setCopy(null);
    setStatus(null);
    dialog.current?.showModal();
    await saveFirst();
    const result = await callApi<Copy>(`/api/v1/studio/posts/${postId}/translations/${locale}/copy?target=${chosen}`);
    if (ask !== asked.current) return;
    if (result.ok) return setCopy(result.data);
    const known = result.offline ? null : result.reason && apiErrors.has(result.reason as 'copy-too-large') ? apiErrors(result.reason as 'copy-too-large') : result.message;
    setStatus({ text: known ?? t('offline'), isError: true });
  };

  // Ready: the focus goes to Copy (it was on Close while Copy waited), so Enter copies.
  useEffect(() => {
    if (copy && dialog.current?.open) copyButton.current?.focus();
  }, [copy]);

  const copyNow = async () => {
    if (!copy) return;
    const ok = await writeClipboard(copy);
    setStatus({ text: ok ? t('copied') : t('copyFailed'), isError: !ok });
  };

  return (
    <>
      <button type="button" className={editor.linkButton} onClick={() => void open('wechat')}>
        {t('wechat')}
      </button>
      <button type="button" className={editor.linkButton} onClick={() => void open('rich')}>
        {t('rich')}
      </button>
      <dialog ref={dialog} className={styles.dialog} aria-labelledby={titleId} onClose={() => setTarget(null)}>
        <h2 id={titleId}>{target === 'rich' ? t('titleRich') : t('titleWechat')}</h2>
        <p className={styles.hint}>{target === 'rich' ? t('hintRich') : t('hintWechat')}</p>
        <p className={styles.hint}>{t('savedVersion')}</p>
        {copy ? (
          <iframe className={styles.frame} title={t('frame')} sandbox="" srcDoc={frameDocument(copy.html, locale)} />
        ) : (
          <p className={styles.loading}>{status?.isError ? '' : t('loading')}</p>
        )}
        <div className={styles.actions}>
          <button ref={copyButton} type="button" className={controls.primary} disabled={!copy} onClick={() => void copyNow()}>
            {t('copy')}
          </button>
          <button type="button" className={controls.secondary} onClick={() => dialog.current?.close()}>
            {t('close')}
          </button>
          <span role="status" aria-live="polite" className={`${styles.status} ${status?.isError ? controls.fieldError : ''}`}>
            {status?.text ?? ''}
          </span>
        </div>
      </dialog>
    </>
  );
}
