'use client';
// The publish dialog's "and e-mail it to <newsletter>": never ticked by default, one
// newsletter per action (a select when the site has several), and a newsletter this
// language already went to is offered disabled, with the reason. Below it, what became of
// this language's sends: waiting for the schedule, going out, or sent, with counts. A link
// opens the e-mail's preview (and test send) for the chosen newsletter.
import { useLocale, useTranslations } from 'next-intl';
import type { PaneNewsletter } from '@/core/studio/pane-data';
import controls from './studio.module.css';
import styles from './editor.module.css';

interface Props {
  postId: number;
  locale: 'zh' | 'en';
  newsletters: PaneNewsletter[];
  /** The newsletter ticked, or null. */
  value: number | null;
  onChange: (id: number | null) => void;
  /** Whether the panel offers a way to publish now (the choice applies to it and to a schedule). */
  canChoose: boolean;
  disabled: boolean;
  when: (iso: string) => string;
}

export function NewsletterChoice({ postId, locale, newsletters, value, onChange, canChoose, disabled, when }: Props) {
  const t = useTranslations('studio.editor');
  const uiLocale = useLocale() === 'en' ? 'en' : 'zh';
  const nameOf = (n: PaneNewsletter) => n.name[uiLocale];
  const open = newsletters.filter((n) => n.send === null);
  const [first] = open;
  const sends = newsletters.filter((n) => n.send !== null);
  const id = `${locale}-email-to`;
  return (
    <>
      {canChoose && newsletters.length > 0 && (
        <div className={styles.emailChoice}>
          {first ? (
            <label htmlFor={id} className={styles.emailLabel}>
              <input id={id} type="checkbox" checked={value !== null} disabled={disabled} onChange={(e) => onChange(e.target.checked ? (value ?? first.id) : null)} />
              <span>{open.length === 1 ? t('emailTo', { newsletter: nameOf(first) }) : t('emailToSeveral')}</span>
            </label>
          ) : (
            <label htmlFor={id} className={styles.emailLabel}>
              <input id={id} type="checkbox" checked={false} disabled aria-describedby={`${id}-why`} />
              <span>{t('emailTo', { newsletter: nameOf(newsletters[0]!) })}</span>
            </label>
          )}
          {open.length > 1 && (
            <select className={controls.input} aria-label={t('emailWhich')} value={value ?? first!.id} disabled={disabled || value === null} onChange={(e) => onChange(Number(e.target.value))}>
              {open.map((n) => (
                <option key={n.id} value={n.id}>
                  {nameOf(n)}
                </option>
              ))}
            </select>
          )}
          {!first && (
            <p id={`${id}-why`} className={styles.muted}>
              {t('emailAlreadySent')}
            </p>
          )}
          {/* The saved text as this newsletter's e-mail, in a tab of its own (the preview page checks who may see it). */}
          <a href={`/${uiLocale}/studio/newsletters/preview?post=${postId}&version=${locale}&newsletter=${value ?? first?.id ?? newsletters[0]!.id}`} target="_blank" rel="noopener">
            {t('emailPreview')}
          </a>
        </div>
      )}
      {sends.map((n) => {
        const send = n.send!;
        const counts = { sent: send.sent, failed: send.failed, pending: send.pending, newsletter: nameOf(n) };
        return (
          <p key={n.id} className={styles.emailState} data-send-state={send.state}>
            {send.state === 'scheduled'
              ? t('emailScheduled', { newsletter: nameOf(n) })
              : send.state === 'sent'
                ? t('emailSent', { ...counts, time: when(send.createdAt) })
                : t('emailSending', counts)}
          </p>
        );
      })}
    </>
  );
}
