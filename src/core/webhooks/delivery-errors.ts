// Why an attempt failed without a usable answer, as a stable code: the Studio words it
// in the reader's language (studio.webhooks.deliveryErrors) and shows the technical
// detail (the English `error` text, e.g. "connect ECONNREFUSED 10.0.0.5:443") beside it.
export const deliveryErrorCodes = [
  // The target, before anything was sent (resolve-target.ts).
  'url',
  'unresolvable',
  'private-address',
  'forbidden-address',
  // The exchange.
  'timeout',
  'network',
  'redirect',
  // The hook.
  'off',
  'gone',
  'interrupted',
] as const;
export type DeliveryErrorCode = (typeof deliveryErrorCodes)[number];

export function isDeliveryErrorCode(value: unknown): value is DeliveryErrorCode {
  return typeof value === 'string' && (deliveryErrorCodes as readonly string[]).includes(value);
}
