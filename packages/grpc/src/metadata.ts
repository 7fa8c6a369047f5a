// Metadata keys our processes exchange beside the gRPC status.
export const REQUEST_ID_KEY = 'x-request-id';
/** The calling process (`booking`, `gateway`, `reports.rebuild`), set by every peer client. */
export const CALLER_KEY = 'x-caller';
/** The exact catalog code of a failed call (the gRPC status alone cannot tell 403 codes apart). */
export const ERROR_CODE_KEY = 'x-error-code';
/** JSON of the field problems of a `bad_request`. */
export const ERROR_DETAILS_KEY = 'x-error-details';
/** Set (`true`) on a failure the server answered before any handler ran: the client may send the call elsewhere. */
export const NOT_PROCESSED_KEY = 'x-not-processed';
/**
 * The peer a call's client certificate proved (`gateway`, `booking`), set by the server's `peerCheck` after it
 * dropped any value a client sent: the call's log lines name it.
 */
export const VERIFIED_PEER_KEY = 'x-verified-peer';
/** The call's deadline (ms since the epoch, the server's clock), as the server read it from `grpc-timeout`. */
export const DEADLINE_KEY = 'x-deadline';
