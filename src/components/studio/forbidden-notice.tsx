// What a Studio page shows an account whose role does not allow it: the frame and one
// sentence, announced. The page has asked can(); this only words the refusal.
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/core/locales';
import type { StudioUser } from '@/server/auth/session';
import { StudioFrame } from './studio-frame';
import styles from './studio.module.css';

export async function ForbiddenNotice({ locale, actor, path }: { locale: Locale; actor: StudioUser; path: string }) {
  const forms = await getTranslations({ locale, namespace: 'studio.forms' });
  return (
    <StudioFrame locale={locale} actor={actor} path={path}>
      <p className={styles.formError} role="alert">
        {forms('forbidden')}
      </p>
    </StudioFrame>
  );
}
