/**
 * The one error type of the service. Everything thrown on the request path becomes an ApiError, and one
 * serializer (`toErrorBody`) writes the WordPress envelope `{code, message, data: {status, ...}}` (SPEC §5).
 * Errors are recognised by a brand as well as by `instanceof`, so a mixed ESM/CJS load still works.
 *
 * @example
 * // In a host's `authenticate` or `ticketProvider`: answered as {"code":"rest_forbidden",…,"data":{"status":403}}
 * throw new ApiError('rest_forbidden', 'Sorry, you are not allowed to do that.', 403);
 */
import type { ErrorCode } from './codes.js';

export const API_ERROR_BRAND = Symbol.for('@calendar-events/core/ApiError');

export class ApiError extends Error {
  readonly [API_ERROR_BRAND] = true;
  readonly code: ErrorCode;
  readonly status: number;
  /** Extra keys of `data` besides `status`, in output order. */
  readonly data: Record<string, unknown>;
  /** Extra response headers (for example `Allow`). */
  readonly headers: Record<string, string>;
  /** WordPress's `additional_data` beside `data`: the values an error carried after its first (`term_exists`). */
  readonly additionalData: readonly unknown[] | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    status: number,
    data: Record<string, unknown> = {},
    headers: Record<string, string> = {},
    additionalData?: readonly unknown[],
  ) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.data = data;
    this.headers = headers;
    this.additionalData = additionalData;
  }
}

/**
 * Whether `value` is an {@link ApiError}, also one from another copy of core (an ESM and a CJS load).
 *
 * @example
 * try {
 *   await work();
 * } catch (error) {
 *   if (isApiError(error)) console.log(error.status, error.code);
 *   else throw error;
 * }
 */
export function isApiError(value: unknown): value is ApiError {
  return typeof value === 'object' && value !== null && API_ERROR_BRAND in value;
}

export interface ErrorBody {
  code: string;
  message: string;
  data: { status: number; [key: string]: unknown };
  additional_data?: unknown[];
}

export function toErrorBody(error: ApiError): ErrorBody {
  const body: ErrorBody = {
    code: error.code,
    message: error.message,
    data: { status: error.status, ...error.data },
  };
  if (error.additionalData) body.additional_data = [...error.additionalData];
  return body;
}
