// One language's status as a small labelled badge (colour is never the only cue: the
// word is always there).
import type { TranslationStatus } from '@/core/content/types';
import styles from './studio.module.css';

export function StatusBadge({ status, text, label }: { status: TranslationStatus; text: string; label?: string }) {
  return (
    <span className={styles.badge} data-status={status} aria-label={label} role={label ? 'img' : undefined}>
      {text}
    </span>
  );
}
