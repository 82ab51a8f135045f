'use client';
// Copies a piece of text the Studio shows once (an invite link, a new key) and says so
// beside the button, for the eye and for screen readers. Shown only with JavaScript,
// which copying needs; without it the text stays there to select by hand.
import { useState, useSyncExternalStore } from 'react';
import styles from './studio.module.css';

interface Props {
  text: string;
  label: string;
  copiedLabel: string;
}

/** The clipboard API where the page may use it (https, localhost), else the older way. */
async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (no permission): fall through to the selection.
  }
  const field = document.createElement('textarea');
  field.value = text;
  field.setAttribute('readonly', '');
  field.style.position = 'fixed';
  field.style.opacity = '0';
  document.body.append(field);
  field.select();
  try {
    return document.execCommand('copy');
  } finally {
    field.remove();
  }
}

const subscribe = () => () => undefined;

export function CopyButton({ text, label, copiedLabel }: Props) {
  // False in the server's HTML, true once the page runs: the button needs the browser.
  const hasScript = useSyncExternalStore(subscribe, () => true, () => false);
  // Which text was copied: a new one has not been yet.
  const [copied, setCopied] = useState<string | null>(null);
  if (!hasScript) return null;
  return (
    <span className={styles.copy}>
      <button type="button" className={styles.secondary} onClick={() => void copyText(text).then((ok) => setCopied(ok ? text : null))}>
        {label}
      </button>
      <span role="status" className={styles.copied}>
        {copied === text ? copiedLabel : ''}
      </span>
    </span>
  );
}
