// One file of the media library: an image's picture, or for sound, film and subtitles a
// panel with the kind's symbol; then its name (without the content hash), what it is
// (kind, size, duration or frame size, the language it serves in), its alt text, the
// path to use in a text, and, for those who may, the form that describes it.
import type { ReactNode } from 'react';
import { displayName, formatDuration, languageInName } from '@/core/media/library-query';
import type { LibraryItem } from '@/server/studio/media-library';
import { otherLocale, type Locale } from '@/core/locales';
import { formatSize } from '../site-transfer/job-format';
import styles from './media-library.module.css';

export interface TileLabels {
  kind: string;
  languages: Record<Locale, string>;
  pathLabel: string;
}

/** Simple line drawings, one per kind that has no picture of its own. */
const symbols: Record<Exclude<LibraryItem['kind'], 'image'>, ReactNode> = {
  audio: (
    <>
      <path d="M9 18V6l11-2v12" />
      <circle cx="6" cy="18" r="3" />
      <circle cx="17" cy="16" r="3" />
    </>
  ),
  video: (
    <>
      <rect x="2.5" y="5" width="15" height="14" rx="2" />
      <path d="M17.5 10l4-2.5v9l-4-2.5" />
    </>
  ),
  subtitle: (
    <>
      <rect x="2.5" y="4.5" width="19" height="15" rx="2" />
      <path d="M6.5 12.5h4M12.5 12.5h5M6.5 15.5h7M15.5 15.5h2" />
    </>
  ),
};

export function MediaTile({ item, locale, labels, describe }: { item: LibraryItem; locale: Locale; labels: TileLabels; describe?: ReactNode }) {
  const name = displayName(item.path);
  const languages = item.languages.length > 0 ? item.languages : item.kind === 'subtitle' ? [languageInName(name)].filter((l): l is Locale => l !== null) : [];
  const facts = [
    labels.kind,
    formatSize(item.bytes, locale),
    item.durationSeconds ? formatDuration(item.durationSeconds) : null,
    item.width && item.height ? `${item.width}×${item.height}` : null,
  ].filter(Boolean);
  const alt = item.alt[locale] || item.alt[otherLocale(locale)];
  const altLocale = item.alt[locale] ? locale : otherLocale(locale);
  return (
    <li className={styles.tile} data-kind={item.kind}>
      {item.kind === 'image' ? (
        <img className={styles.preview} src={item.path} alt={item.alt[locale] ?? ''} width={item.width ?? undefined} height={item.height ?? undefined} loading="lazy" />
      ) : (
        <div className={styles.preview} aria-hidden="true">
          <svg viewBox="0 0 24 24" width="40" height="40" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round">
            {symbols[item.kind]}
          </svg>
          <span>{labels.kind}</span>
        </div>
      )}
      <p className={styles.name} title={name}>
        {name}
      </p>
      <p className={styles.facts}>
        {facts.join(' · ')}
        {languages.map((l) => (
          <span key={l} className={styles.language}>
            {labels.languages[l]}
          </span>
        ))}
      </p>
      {alt && (
        <p className={styles.alt} lang={altLocale}>
          {alt}
        </p>
      )}
      <code className={styles.path} title={labels.pathLabel}>
        {item.path}
      </code>
      {describe}
    </li>
  );
}
