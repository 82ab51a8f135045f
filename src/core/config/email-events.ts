// Which providers' bounce and complaint webhooks this site takes, from the environment. A
// provider with nothing configured has no webhook here (its route answers 404).
//   Amazon SES (via SNS): DUET_SES_TOPIC_ARNS, the topics accepted (comma-separated);
//     DUET_SES_CONFIRM_SUBSCRIPTIONS=1 lets the site open SNS's SubscribeURL itself.
//   Postmark: DUET_POSTMARK_WEBHOOK_USER and DUET_POSTMARK_WEBHOOK_PASSWORD (HTTP Basic).
//   Resend: DUET_RESEND_WEBHOOK_SECRET (`whsec_…`).
//   Mailgun: DUET_MAILGUN_SIGNING_KEY (the domain's HTTP webhook signing key).
//   Brevo: DUET_BREVO_WEBHOOK_TOKEN (a bearer token, or `?token=` in the URL) and/or
//     DUET_BREVO_WEBHOOK_USER and DUET_BREVO_WEBHOOK_PASSWORD (HTTP Basic in the URL).

export interface EmailEventsConfig {
  ses: { topicArns: string[]; confirmSubscriptions: boolean } | null;
  postmark: { user: string; password: string } | null;
  resend: { secret: string } | null;
  mailgun: { signingKey: string } | null;
  brevo: { token: string | null; user: string | null; password: string | null } | null;
}

export type EmailEventsProvider = keyof EmailEventsConfig;
export const emailEventsProviders: readonly EmailEventsProvider[] = ['ses', 'postmark', 'resend', 'mailgun', 'brevo'];

export function emailEventsConfig(env: NodeJS.ProcessEnv = process.env): EmailEventsConfig {
  const topicArns = (env.DUET_SES_TOPIC_ARNS ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const user = env.DUET_POSTMARK_WEBHOOK_USER?.trim();
  const password = env.DUET_POSTMARK_WEBHOOK_PASSWORD?.trim();
  const resend = env.DUET_RESEND_WEBHOOK_SECRET?.trim();
  const mailgun = env.DUET_MAILGUN_SIGNING_KEY?.trim();
  const brevoToken = env.DUET_BREVO_WEBHOOK_TOKEN?.trim() || null;
  const brevoUser = env.DUET_BREVO_WEBHOOK_USER?.trim() || null;
  const brevoPassword = env.DUET_BREVO_WEBHOOK_PASSWORD?.trim() || null;
  const brevoBasic = brevoUser && brevoPassword;
  return {
    ses: topicArns.length > 0 ? { topicArns, confirmSubscriptions: env.DUET_SES_CONFIRM_SUBSCRIPTIONS === '1' } : null,
    postmark: user && password ? { user, password } : null,
    resend: resend ? { secret: resend } : null,
    mailgun: mailgun ? { signingKey: mailgun } : null,
    brevo: brevoToken || brevoBasic ? { token: brevoToken, user: brevoBasic ? brevoUser : null, password: brevoBasic ? brevoPassword : null } : null,
  };
}
