// The one error type of the domain. Each code has one HTTP status (mapped in
// src/server/api/respond.ts); `fields` names the inputs at fault.

export const errorCodes = {
  BAD_REQUEST: 400,
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorCodes;
export type FieldErrors = Record<string, string[]>;

const brand = Symbol.for('duet.AppError');

export class AppError extends Error {
  /**
   * Next bundles a module once per route, so an AppError made by a process-wide singleton
   * (the render pool) can come from another copy of this class than the one a route
   * handler checks against. The brand makes `instanceof AppError` true for every copy;
   * subclasses keep the ordinary prototype check.
   */
  static [Symbol.hasInstance](value: unknown): boolean {
    if (this !== AppError) return Function.prototype[Symbol.hasInstance].call(this, value);
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[brand] === true;
  }

  readonly code: ErrorCode;
  readonly fields?: FieldErrors;
  /**
   * A stable name for this particular refusal (e.g. 'render-timeout'), sent to clients
   * beside the English message so the Studio can explain it in the writer's language.
   */
  readonly reason?: string;
  /** Seconds after which a refused client may try again (429, 503), sent as Retry-After. */
  readonly retryAfterSeconds?: number;
  /**
   * Plain data a client needs to act on the refusal (a 409's current state beside the one
   * the client was shown), sent as `error.details`. Never anything private.
   */
  readonly details?: Record<string, unknown>;

  constructor(
    code: ErrorCode,
    message: string,
    options: { fields?: FieldErrors; cause?: unknown; reason?: string; retryAfterSeconds?: number; details?: Record<string, unknown> } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    Object.defineProperty(this, brand, { value: true });
    this.code = code;
    this.fields = options.fields;
    this.reason = options.reason;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.details = options.details;
  }

  get status(): number {
    return errorCodes[this.code];
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
