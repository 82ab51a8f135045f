// The options every importer takes, and the decisions they share: the language of a text
// the source does not mark, and the pairs the writer asked for.
import type { Locale } from '@/core/locales';
import type { BodyStore } from './body-store';
import { detectLocale } from './detect-locale';
import type { ImportWarning, LocaleEvidence } from './import-document';
import { type PairMapping, readPairMapping } from './read-pair-mapping';

export interface ImportOptions {
  /** The site's own address: its absolute URLs count as local, and links are made relative to it. */
  siteUrl?: string;
  /** The language of texts the source does not mark; when absent it is detected from each text. */
  defaultLocale?: Locale;
  /** Pairs the source did not make: the mapping file's content, or pairs already read. */
  mapping?: string | PairMapping;
  /** Files that came with the export (archive entries or folder files, `/`-separated, relative). */
  archiveFiles?: ReadonlySet<string>;
  /** Where converted bodies wait for the writer; in memory when not given. */
  bodies?: BodyStore;
}

export function resolveMapping(mapping: ImportOptions['mapping']): PairMapping | undefined {
  return typeof mapping === 'string' ? readPairMapping(mapping) : mapping;
}

/**
 * The language of an unmarked text: the importer's option, else the text's own
 * characters, reported as a `locale-detected` warning so a wrong guess can be fixed.
 */
export function chooseLocale(sample: string, sourceId: string, options: ImportOptions, warnings: ImportWarning[]): { locale: Locale; evidence: LocaleEvidence } {
  if (options.defaultLocale) return { locale: options.defaultLocale, evidence: 'option' };
  const detected = detectLocale(sample);
  const name = detected.locale === 'zh' ? 'Chinese' : 'English';
  warnings.push({ code: 'locale-detected', sourceId, message: `The source does not say its language; it reads as ${name} (confidence ${detected.confidence}).` });
  return { locale: detected.locale, evidence: 'detected' };
}
