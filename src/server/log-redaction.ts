// What must never reach a log line, and how it is taken out: API keys (`duet_c_…`,
// `duet_a_…`), webhook signing secrets (`whsec_…`), bearer tokens, session cookies, invite
// links and any query parameter named like a credential (`?key=`, `?api_key=`, `?token=`…).
// The logger (logger.ts) runs every line through `redactSecrets` and every logged address
// through `redactUrl`, so a call site cannot forget; the CLI uses the same two for what it
// prints about failures. What was taken out reads `[redacted]`.
export const redactedMarker = '[redacted]';

/**
 * Texts that are secrets wherever they appear. A key's first 12 characters (its prefix,
 * `duet_c_AbCdE`) are shown in the Studio to tell keys apart and stay readable.
 */
const secretTexts = [/\b(duet_[ca]_[A-Za-z0-9_-]{5})[A-Za-z0-9_-]{3,}/g, /\b(whsec_)[A-Za-z0-9_-]{3,}/g];

/** A query parameter or cookie whose value is a credential, by its (decoded) name. */
export function isSecretName(name: string): boolean {
  const bare = name.toLowerCase().replace(/[^a-z0-9]/g, '');
  return /(?:key|token|secret|password|passwd|signature|session|invite|credential|auth)$/.test(bare) || bare === 'sig' || bare === 'code';
}

function decodeLeniently(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

function hasSecretText(text: string): boolean {
  return secretTexts.some((pattern) => {
    pattern.lastIndex = 0;
    return pattern.test(text);
  });
}

function redactPair(pair: string): string {
  const equals = pair.indexOf('=');
  if (equals === -1) return hasSecretText(decodeLeniently(pair)) ? redactedMarker : pair;
  const name = pair.slice(0, equals);
  const value = pair.slice(equals + 1);
  return isSecretName(decodeLeniently(name)) || hasSecretText(decodeLeniently(value)) ? `${name}=${redactedMarker}` : pair;
}

/** An invite link's token is the last segment of `/…/studio/invite/<token>`. */
const invitePath = /(\/studio\/invite\/)[^/?#\s"'\\]+/g;

/**
 * An address with its secrets replaced: the password of `user:password@`, the values of
 * credential-like query parameters (names compared decoded, so `?%6Bey=` is `key` as the
 * server reads it), an invite link's token, and keys or secrets anywhere in it.
 */
export function redactUrl(url: string): string {
  const hash = url.indexOf('#');
  const withoutHash = hash === -1 ? url : url.slice(0, hash);
  const question = withoutHash.indexOf('?');
  let path = question === -1 ? withoutHash : withoutHash.slice(0, question);
  path = path.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/?#@]*@/i, `$1${redactedMarker}@`).replace(invitePath, `$1${redactedMarker}`);
  path = path
    .split('/')
    .map((segment) => (hasSecretText(decodeLeniently(segment)) ? redactedMarker : segment))
    .join('/');
  const query = question === -1 ? null : withoutHash.slice(question + 1);
  return query === null ? path : `${path}?${query.split(/([&;])/).map((part) => (part === '&' || part === ';' ? part : redactPair(part))).join('')}`;
}

/**
 * Free text (a whole log line, an error message) with its secrets replaced: keys and
 * secrets, `Bearer <token>`, invite links, and `name=value` pairs whose name is a
 * credential's (query strings, cookies, form bodies quoted in a message).
 */
export function redactSecrets(text: string): string {
  let out = text;
  for (const pattern of secretTexts) out = out.replace(pattern, `$1${redactedMarker}`);
  return out
    .replace(/\b(Bearer|Basic)\s+[^\s"',;\\]+/gi, `$1 ${redactedMarker}`)
    .replace(invitePath, `$1${redactedMarker}`)
    .replace(/([?&;\s"'(,]|^)([A-Za-z0-9_.%-]+)=([^&;\s"'#\\]*)/g, (whole, before: string, name: string) =>
      isSecretName(decodeLeniently(name)) ? `${before}${name}=${redactedMarker}` : whole,
    )
    .replace(/(\/\/)[^/?#@\s"']*:[^/?#@\s"']*@/g, `$1${redactedMarker}@`);
}
