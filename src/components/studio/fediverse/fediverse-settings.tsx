// The Fediverse area's settings: the address of each language to tell readers (with a
// copy button), the handles and the two policies, and the blocked accounts and instances
// with Unblock and a form to block one by hand.
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import type { FediverseSettings } from '@/core/fediverse/settings';
import { locales, type Locale } from '@/core/locales';
import type { BlockRow } from '@/core/fediverse/moderation-views';
import { blockAction, saveFediverseSettingsAction, unblockAction } from '@/server/studio/actions/fediverse-actions';
import { CopyButton } from '../copy-button';
import { StudioForm } from '../studio-form';
import studio from '../studio.module.css';
import styles from './fediverse.module.css';

interface Props {
  locale: Locale;
  settings: FediverseSettings;
  addresses: Record<Locale, string>;
  blocks: BlockRow[];
  before?: number;
  next: number | null;
}

export async function FediverseSettingsView({ locale, settings, addresses, blocks, before, next }: Props) {
  const [t, langs, forms] = await Promise.all([
    getTranslations({ locale, namespace: 'studio.fediverse.settings' }),
    getTranslations({ locale, namespace: 'studio.languages' }),
    getTranslations({ locale, namespace: 'studio.forms' }),
  ]);
  const date = new Intl.DateTimeFormat(locale === 'zh' ? 'zh-CN' : 'en-GB', { dateStyle: 'medium' });
  const page = (cursor?: number) => `/${locale}/studio/fediverse/settings${cursor ? `?before=${cursor}` : ''}#fediverse-blocks`;
  return (
    <>
      <section aria-labelledby="fediverse-addresses">
        <h2 id="fediverse-addresses" className={studio.label}>
          {t('addresses')}
        </h2>
        <p className={studio.muted}>{t('addressesHint')}</p>
        <ul className={styles.addresses}>
          {locales.map((l) => (
            <li key={l} data-address={l}>
              <span>{t('addressFor', { language: langs(l) })}</span>
              <code className={styles.address}>{addresses[l]}</code>
              <CopyButton text={addresses[l]} label={t('copy')} copiedLabel={t('copied')} />
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="fediverse-settings" className={styles.section}>
        <h2 id="fediverse-settings" className={studio.label}>
          {t('title')}
        </h2>
        <div className={styles.formColumn}>
          <StudioForm
            action={saveFediverseSettingsAction}
            locale={locale}
            idPrefix="fediverse-settings"
            submitLabel={t('save')}
            pendingLabel={forms('saving')}
            fields={[
              { name: 'zhHandle', label: t('zhHandle'), hint: t('handleHint'), defaultValue: settings.handles.zh, required: true, autoComplete: 'off' },
              { name: 'enHandle', label: t('enHandle'), hint: t('handleHint'), defaultValue: settings.handles.en, required: true, autoComplete: 'off' },
              {
                name: 'followPolicy',
                type: 'select',
                label: t('followPolicy'),
                defaultValue: settings.followPolicy,
                options: [
                  { value: 'auto', label: t('followAuto') },
                  { value: 'held', label: t('followHeld') },
                ],
              },
              {
                name: 'repliesPolicy',
                type: 'select',
                label: t('repliesPolicy'),
                defaultValue: settings.repliesPolicy,
                options: [
                  { value: 'held', label: t('repliesHeld') },
                  { value: 'auto', label: t('repliesAuto') },
                ],
              },
            ]}
          />
        </div>
      </section>
      <section aria-labelledby="fediverse-blocks" className={styles.section}>
        <h2 id="fediverse-blocks" className={studio.label}>
          {t('blocks')}
        </h2>
        <p className={studio.muted}>{t('blocksHint')}</p>
        {blocks.length === 0 ? (
          <p>{t('noBlocks')}</p>
        ) : (
          <table className={studio.table}>
            <thead>
              <tr>
                <th scope="col">{t('columnKind')}</th>
                <th scope="col">{t('columnValue')}</th>
                <th scope="col">{t('columnSince')}</th>
                <th scope="col">
                  <span className="sr-only">{t('unblock')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {blocks.map((b) => (
                <tr key={b.id} data-block={b.value}>
                  <td>{t(`kind.${b.kind}`)}</td>
                  <td className={studio.breakAll}>{b.value}</td>
                  <td className={studio.muted}>
                    <time dateTime={b.createdAt}>{date.format(new Date(b.createdAt))}</time>
                  </td>
                  <td>
                    <StudioForm
                      inline
                      action={unblockAction}
                      locale={locale}
                      idPrefix={`unblock-${b.id}`}
                      submitLabel={t('unblock')}
                      pendingLabel={forms('saving')}
                      fields={[{ name: 'id', type: 'hidden', label: '', defaultValue: String(b.id) }]}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {(before || next) && (
          <nav className={studio.pager} aria-label={t('pages')}>
            {before && <Link href={page()}>{t('first')}</Link>}
            {next && <Link href={page(next)}>{t('next')}</Link>}
          </nav>
        )}
        <div className={styles.formColumn}>
          <StudioForm
            action={blockAction}
            locale={locale}
            idPrefix="fediverse-block"
            submitLabel={t('addBlock')}
            pendingLabel={forms('saving')}
            variant="danger"
            fields={[
              {
                name: 'kind',
                type: 'select',
                label: t('blockKind'),
                defaultValue: 'instance',
                options: [
                  { value: 'instance', label: t('kind.instance') },
                  { value: 'actor', label: t('kind.actor') },
                ],
              },
              { name: 'value', label: t('blockValue'), hint: t('blockValueHint'), required: true, autoComplete: 'off' },
            ]}
          />
        </div>
      </section>
    </>
  );
}
