// The one error view: a status code and its title in the page's language.
// Server pages and the client error boundaries both render it with plain strings.
import Link from 'next/link';

export interface ErrorViewProps {
  status: number | null;
  title: string;
  statusLabel: string | null;
  hint?: string;
  homeHref: string;
  homeLabel: string;
  action?: React.ReactNode;
}

export function ErrorView({ status, title, statusLabel, hint, homeHref, homeLabel, action }: ErrorViewProps) {
  return (
    <section className="error-view" aria-labelledby="error-title" data-status={status ?? 'client'}>
      {status != null && (
        // The big figure alone would be read as a bare number: assistive technology reads
        // the label ("Error 404") instead. aria-label is not allowed on a <p>.
        <p className="error-view__status">
          {statusLabel && <span className="sr-only">{statusLabel}</span>}
          <span className="error-view__code" aria-hidden={statusLabel ? true : undefined}>
            {status}
          </span>
        </p>
      )}
      <h1 id="error-title" className="error-view__title">
        {title}
      </h1>
      {hint && <p className="error-view__hint">{hint}</p>}
      <p className="error-view__actions">
        <Link className="button" href={homeHref}>
          {homeLabel}
        </Link>
        {action}
      </p>
    </section>
  );
}
