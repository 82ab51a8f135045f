// One operation of the reference: method and path, what it does, the key it needs, its
// parameters, its answers, and a curl command to try it.
import { getTranslations } from 'next-intl/server';
import styles from '@/components/studio/studio.module.css';
import type { ReferenceOperation } from '@/core/openapi/reference-model';
import type { Locale } from '@/core/locales';
import css from './api-reference.module.css';
import { FieldTable } from './schema-section';
import { InlineCode, TypeText } from './type-text';

export async function OperationSection({ operation, locale }: { operation: ReferenceOperation; locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'studio.apiReference' });
  const id = `op-${operation.id}`;
  const summary = t.has(`operations.${operation.id}` as 'operations.listPosts') ? t(`operations.${operation.id}` as 'operations.listPosts') : operation.summary;
  return (
    <section aria-labelledby={id} className={css.operation}>
      <h3 id={id}>{summary}</h3>
      <p className={css.endpoint} lang="en">
        <span className={css.method}>{operation.method}</span>
        {operation.path}
      </p>
      <p>
        <span className={styles.badge}>{t(`key.${(operation.keyScope ?? 'none') as 'content' | 'admin' | 'none'}`)}</span>
      </p>
      {operation.description && <p lang="en"><InlineCode text={operation.description} /></p>}
      <h4 id={`${id}-parameters`}>{t('parameters')}</h4>
      {operation.parameters.length === 0 ? (
        <p className={styles.muted}>{t('noParameters')}</p>
      ) : (
        <table className={`${styles.table} ${css.labelled}`}>
            <thead>
              <tr>
                <th scope="col">{t('name')}</th>
                <th scope="col">{t('where')}</th>
                <th scope="col">{t('type')}</th>
                <th scope="col">{t('required')}</th>
                <th scope="col">{t('description')}</th>
              </tr>
            </thead>
            <tbody>
              {operation.parameters.map((p) => (
                <tr key={`${p.in}-${p.name}`}>
                  <td className={css.name} lang="en">{p.name}</td>
                  <td data-label={t('where')}>{t(`in.${p.in}`)}</td>
                  <td data-label={t('type')} lang="en"><TypeText tokens={p.type} /></td>
                  <td data-label={t('required')}>{p.required ? t('yes') : t('no')}</td>
                  <td lang="en"><InlineCode text={p.description} /></td>
                </tr>
              ))}
            </tbody>
        </table>
      )}
      {operation.body && (
        <>
          <h4>{t('body')}</h4>
          <FieldTable schema={operation.body} locale={locale} />
        </>
      )}
      <h4 id={`${id}-responses`}>{t('responses')}</h4>
      <table className={`${styles.table} ${css.labelled}`}>
          <thead>
            <tr>
              <th scope="col">{t('status')}</th>
              <th scope="col">{t('type')}</th>
              <th scope="col">{t('description')}</th>
            </tr>
          </thead>
          <tbody>
            {operation.responses.map((r) => (
              <tr key={r.status}>
                <td className={css.name}>{r.status}</td>
                <td data-label={t('type')} lang="en">{r.type ? <TypeText tokens={r.type} /> : '—'}</td>
                <td lang="en"><InlineCode text={r.description} /></td>
              </tr>
            ))}
          </tbody>
      </table>
      <h4>{t('example')}</h4>
      <pre className={css.example} lang="en">
        <code>{operation.curl}</code>
      </pre>
    </section>
  );
}
