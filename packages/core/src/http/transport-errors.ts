/**
 * Answers to requests the HTTP parser or the server's timeouts reject before any adapter sees them (a header
 * section too large, a malformed request line, a body too slow): the SPEC §5 envelope as core writes every
 * error, so that both adapters (and any server a host builds) answer these alike. The connection is closed
 * after them, and says so (`Connection: close`): the parser cannot tell where the next request would start.
 */
import { ApiError } from './errors.js';
import { errorResponse } from './respond.js';
import type { CoreResponse } from './types.js';

export type TransportErrorKind = 'request-timeout' | 'header-too-large' | 'bad-request';

const ERRORS: Record<TransportErrorKind, () => ApiError> = {
  'request-timeout': () => new ApiError('rest_request_timeout', 'The request was not received in time.', 408),
  'header-too-large': () =>
    new ApiError('rest_request_header_too_large', 'The request header section is too large.', 431),
  'bad-request': () => new ApiError('rest_bad_request', 'The request is not valid HTTP.', 400),
};

/** The kind of a Node `clientError` (`err.code`), or undefined when no answer can be given (a reset). */
export function transportErrorKind(code: string | undefined): TransportErrorKind | undefined {
  if (code === 'ECONNRESET' || code === 'EPIPE') return undefined;
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return 'request-timeout';
  if (code === 'HPE_HEADER_OVERFLOW') return 'header-too-large';
  return 'bad-request';
}

/** The answer to a rejected request; without a body for HEAD. */
export function transportErrorResponse(kind: TransportErrorKind, method?: string): CoreResponse {
  const response = errorResponse(ERRORS[kind](), { Connection: 'close' });
  return method?.toUpperCase() === 'HEAD' ? { ...response, body: undefined } : response;
}
