'use client';
// A save refused because this text was saved elsewhere meanwhile (another tab, or another
// person): both versions side by side, and the choice of which to keep. Nothing is lost
// either way: both are revisions.
import { useTranslations } from 'next-intl';
import { diffText } from '@/core/content/text-diff';
import { DiffView } from './diff-view';
import type { EditableFields, ServerTranslation } from './editor-api';
import controls from './studio.module.css';
import styles from './editor.module.css';

export function ConflictView({ theirs, mine, onResolve }: { theirs: ServerTranslation; mine: EditableFields; onResolve: (choice: 'mine' | 'theirs') => void }) {
  const t = useTranslations('studio.editor');
  return (
    <div className={styles.conflict} role="alert">
      <p>{t('conflict')}</p>
      <div className={styles.conflictGrid}>
        <div>
          <h3>{t('conflictTheirs')}</h3>
          <p className={styles.conflictTitle}>{theirs.title}</p>
          <DiffView lines={diffText(mine.body, theirs.body)} side="after" label={t('conflictTheirs')} />
        </div>
        <div>
          <h3>{t('conflictYours')}</h3>
          <p className={styles.conflictTitle}>{mine.title}</p>
          <DiffView lines={diffText(theirs.body, mine.body)} side="after" label={t('conflictYours')} />
        </div>
      </div>
      <div className={styles.actions}>
        <button type="button" className={controls.secondary} onClick={() => onResolve('theirs')}>
          {t('takeTheirs')}
        </button>
        <button type="button" className={controls.primary} onClick={() => onResolve('mine')}>
          {t('keepMine')}
        </button>
      </div>
    </div>
  );
}
