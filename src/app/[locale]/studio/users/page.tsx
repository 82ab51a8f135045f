// People: the accounts and open invites, and the form that makes an invite link.
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { StudioForm } from '@/components/studio/studio-form';
import { StudioFrame } from '@/components/studio/studio-frame';
import styles from '@/components/studio/studio.module.css';
import { can, isRole, roles } from '@/core/auth/permissions';
import { isLocale } from '@/core/locales';
import { pageTitle } from '@/server/page-title';
import { studioActor } from '@/server/studio/guard';
import { inviteAction, revokeInviteAction } from '@/server/studio/actions/studio-actions';
import { removeUserAction, setRoleAction } from '@/server/studio/actions/manage-actions';
import { listInvites, listUsers } from '@/server/studio/studio-reads';

export async function generateMetadata({ params }: PageProps<'/[locale]/studio/users'>): Promise<Metadata> {
  const { locale } = await params;
  if (!isLocale(locale)) return {};
  const t = await getTranslations({ locale, namespace: 'studio.users' });
  return { title: await pageTitle(locale, t('title')) };
}

export default async function UsersPage({ params }: PageProps<'/[locale]/studio/users'>) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  const actor = await studioActor(locale);
  const [t, r, forms, mu] = await Promise.all([
    getTranslations({ locale, namespace: 'studio.users' }),
    getTranslations({ locale, namespace: 'studio.roles' }),
    getTranslations({ locale, namespace: 'studio.forms' }),
    getTranslations({ locale, namespace: 'studio.manage.users' }),
  ]);
  if (!can(actor, 'user.invite')) {
    return (
      <StudioFrame locale={locale} actor={actor} path="/users">
        <p className={styles.formError} role="alert">{forms('forbidden')}</p>
      </StudioFrame>
    );
  }
  const [users, invites] = await Promise.all([listUsers(), listInvites()]);
  const dateFormat = new Intl.DateTimeFormat(locale === 'zh' ? 'zh-CN' : 'en-GB', { dateStyle: 'medium' });
  return (
    <StudioFrame locale={locale} actor={actor} path="/users">
      <h1 className={styles.pageTitle}>{t('title')}</h1>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">{t('columnName')}</th>
            <th scope="col">{t('columnEmail')}</th>
            <th scope="col">{t('columnRole')}</th>
            <th scope="col">
              <span className={styles.muted}>{mu('changeRole')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {users.map((u) => (
            <tr key={u.id}>
              <td>{u.name}</td>
              <td className={styles.breakAll}>{u.email}</td>
              <td>
                {isRole(u.role) ? r(u.role) : u.role}
                {u.id === actor.id && <span className={styles.muted}> ({mu('you')})</span>}
              </td>
              <td>
                {u.id !== actor.id && isRole(u.role) && can(actor, 'user.manage', { kind: 'user', id: u.id, role: u.role }) && (
                  <div className={styles.rowForms}>
                    <StudioForm
                      inline
                      action={setRoleAction}
                      locale={locale}
                      idPrefix={`role-${u.id}`}
                      submitLabel={mu('changeRole')}
                      pendingLabel={forms('saving')}
                      fields={[
                        { name: 'userId', type: 'hidden', label: '', defaultValue: u.id },
                        { name: 'role', type: 'select', label: t('role'), defaultValue: u.role, options: roles.map((x) => ({ value: x, label: r(x) })) },
                      ]}
                    />
                    <StudioForm
                      inline
                      action={removeUserAction}
                      locale={locale}
                      idPrefix={`remove-${u.id}`}
                      submitLabel={mu('remove')}
                      pendingLabel={forms('saving')}
                      fields={[{ name: 'userId', type: 'hidden', label: '', defaultValue: u.id }]}
                    />
                  </div>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <section aria-labelledby="invite" className={styles.narrow}>
        <h2 id="invite" className={styles.pageTitle}>
          {t('invite')}
        </h2>
        <StudioForm
          action={inviteAction}
          locale={locale}
          submitLabel={t('send')}
          pendingLabel={forms('saving')}
          resultTemplate={t('link', { url: '{result}' })}
          copyResult={{ label: t('copyLink'), copied: t('copied') }}
          fields={[
            { name: 'email', label: t('email'), type: 'email', required: true },
            { name: 'role', label: t('role'), type: 'select', defaultValue: 'author', options: roles.filter((x) => x !== 'owner').map((x) => ({ value: x, label: r(x) })) },
          ]}
        />
        <h3>{t('pending')}</h3>
        {invites.length === 0 ? (
          <p className={styles.muted}>{t('none')}</p>
        ) : (
          <ul className={styles.invites}>
            {invites.map((i) => (
              <li key={i.id}>
                <span>
                  {i.email} · {r(i.role)} · {t('expires', { date: dateFormat.format(new Date(i.expiresAt)) })}
                </span>
                <StudioForm
                  inline
                  action={revokeInviteAction}
                  locale={locale}
                  idPrefix={`revoke-${i.id}`}
                  submitLabel={t('revoke')}
                  pendingLabel={forms('saving')}
                  variant="danger"
                  confirm={{ message: t('revokeConfirm', { email: i.email }), confirm: t('revoke'), cancel: t('cancel') }}
                  fields={[{ name: 'id', type: 'hidden', label: '', defaultValue: String(i.id) }]}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
    </StudioFrame>
  );
}
