/**
 * The error catalogue: every error a client can see, with its HTTP status and a message a
 * user understands. Handlers throw `new AppError('CODE', 'optional specific message')`; the
 * app's error handler turns it into `{ code, message }` (plus the legacy `error` field the spec
 * asks for on some calls). 5xx details never leave the server.
 */
export const errorCatalogue = {
  BAD_REQUEST: { status: 400, message: 'The request is not valid.' },
  UNAUTHENTICATED: { status: 401, message: 'Please sign in.' },
  LICENSE_INVALID: { status: 401, message: 'Invalid license number.' },
  INVALID_CREDENTIALS: { status: 401, message: 'Invalid email or password.' },
  FORBIDDEN: { status: 403, message: 'You do not have access to this resource.' },
  CSRF_REJECTED: { status: 403, message: 'Request origin not allowed.' },
  EMAIL_NOT_VERIFIED: { status: 403, message: 'Please verify your email before signing in.' },
  PLAN_FREE: {
    status: 403,
    message: 'Free plan does not support signal transfer. Upgrade to Basic or Pro plan.',
  },
  SUBSCRIPTION_REQUIRED: { status: 403, message: 'Subscription required' },
  SUBSCRIPTION_EXPIRED: { status: 403, message: 'Subscription expired' },
  NOT_FOUND: { status: 404, message: 'Not found.' },
  CONFLICT: { status: 409, message: 'This already exists.' },
  EMAIL_TAKEN: { status: 409, message: 'An account with this email already exists.' },
  EXECUTOR_TAKEN: { status: 409, message: 'Another EA already trades this account.' },
  LIMIT_REACHED: { status: 409, message: 'This license has reached one of its limits.' },
  TOO_LARGE: { status: 413, message: 'The request body is too large.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Unsupported content type.' },
  QUOTA_EXCEEDED: { status: 429, message: 'Daily signal quota exceeded.' },
  RATE_LIMITED: { status: 429, message: 'Too many requests. Please wait and try again.' },
  NOT_CONFIGURED: { status: 501, message: 'This feature is not configured on this server.' },
  INTERNAL: { status: 500, message: 'Something went wrong on our side. Please try again.' },
  UNAVAILABLE: {
    status: 503,
    message: 'The service is temporarily unavailable. Please retry shortly.',
  },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof errorCatalogue;

export class AppError extends Error {
  readonly status: number;

  /**
   * `details` go into the reply's body; `options.cause` (what went wrong underneath) only
   * into the log.
   */
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly details?: Record<string, unknown>,
    options?: ErrorOptions,
  ) {
    super(message ?? errorCatalogue[code].message, options);
    this.status = errorCatalogue[code].status;
  }
}

/** Body sent for an error: `error` mirrors `message` because parts of the spec read `error`. */
export function errorBody(code: ErrorCode, message: string, details?: Record<string, unknown>) {
  return { code, message, error: message, ...details };
}
