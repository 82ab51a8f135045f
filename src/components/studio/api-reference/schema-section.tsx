// One schema of the reference: what it is and, for an object, each field with its type.
// The same table lists a request body's fields.
import { getTranslations } from 'next-intl/server';
import styles from '@/components/studio/studio.module.css';
import type { ReferenceSchema } from '@/core/openapi/reference-model';
import type { Locale } from '@/core/locales';
import css from './api-reference.module.css';
import { InlineCode, schemaAnchor, TypeText } from './type-text';

export async function SchemaSection({ schema, locale }: { schema: ReferenceSchema; locale: Locale }) {
  return (
    <section aria-labelledby={schemaAnchor(schema.name)} className={css.schema}>
      <h3 id={schemaAnchor(schema.name)} lang="en">{schema.name}</h3>
      {schema.description && <p lang="en"><InlineCode text={schema.description} /></p>}
      <FieldTable schema={schema} locale={locale} />
    </section>
  );
}

/** An object's fields as a table; anything else as its type. Also a request body's fields. */
export async function FieldTable({ schema, locale }: { schema: ReferenceSchema; locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'studio.apiReference' });
  if (schema.properties.length === 0) {
    return (
      <p lang="en">
        <TypeText tokens={schema.type} />
      </p>
    );
  }
  return (
    <table className={`${styles.table} ${css.labelled}`}>
      <thead>
        <tr>
          <th scope="col">{t('name')}</th>
          <th scope="col">{t('type')}</th>
          <th scope="col">{t('required')}</th>
          <th scope="col">{t('description')}</th>
        </tr>
      </thead>
      <tbody>
        {schema.properties.map((p) => (
          <tr key={p.name}>
            <td className={css.name} lang="en">{p.name}</td>
            <td data-label={t('type')} lang="en"><TypeText tokens={p.type} /></td>
            <td data-label={t('required')}>{p.required ? t('yes') : t('no')}</td>
            <td lang="en"><InlineCode text={p.description} /></td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
