// The API reference, made from the OpenAPI document: how every call works, the operations
// by group, then the schemas their answers are made of. Server-rendered, no script.
import { getTranslations } from 'next-intl/server';
import styles from '@/components/studio/studio.module.css';
import type { ApiReference as Reference } from '@/core/openapi/reference-model';
import type { Locale } from '@/core/locales';
import css from './api-reference.module.css';
import { OperationSection } from './operation-section';
import { SchemaSection } from './schema-section';
import { InlineCode } from './type-text';

export async function ApiReference({ reference, locale }: { reference: Reference; locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'studio.apiReference' });
  const groupId = (name: string) => `group-${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  const group = (name: string) => (t.has(`groups.${name}` as 'groups.Posts') ? t(`groups.${name}` as 'groups.Posts') : name);
  return (
    <>
      <p className={css.intro}>{t('intro')}</p>
      <p>
        <a href="/api/v1/openapi.json" type="application/json">{t('document')}</a>{' '}
        <span className={styles.muted}>{t('version', { version: reference.version, server: reference.serverUrl })}</span>
      </p>
      <p className={styles.muted}>{t('englishNote')}</p>
      <h2 id="basics">{t('basicsTitle')}</h2>
      <ul className={css.basics}>
        {(['keys', 'languages', 'caching', 'paging', 'errors'] as const).map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ul>
      <nav aria-label={t('contents')}>
        <ul className={css.contents}>
          {reference.groups.map((g) => (
            <li key={g.name}>
              <a href={`#${groupId(g.name)}`}>{group(g.name)}</a>
            </li>
          ))}
          <li>
            <a href="#schemas">{t('schemas')}</a>
          </li>
        </ul>
      </nav>
      {reference.groups.map((g) => (
        <section key={g.name} aria-labelledby={groupId(g.name)}>
          <h2 id={groupId(g.name)}>{group(g.name)}</h2>
          {g.description && <p lang="en"><InlineCode text={g.description} /></p>}
          {g.operations.map((operation) => (
            <OperationSection key={operation.id} operation={operation} locale={locale} />
          ))}
        </section>
      ))}
      <section aria-labelledby="schemas">
        <h2 id="schemas">{t('schemas')}</h2>
        {reference.schemas.map((schema) => (
          <SchemaSection key={schema.name} schema={schema} locale={locale} />
        ))}
      </section>
    </>
  );
}
