/**
 * Turns a failed connection to Kafka, Redis or MongoDB into a message naming the setting to fix, e.g.
 * "Kafka authentication failed: check KAFKA_SASL_USERNAME/KAFKA_SASL_PASSWORD". The message never holds a
 * secret: only setting names and the TLS library's own reason. The original error stays as `cause`.
 */
export type Store = 'kafka' | 'redis' | 'mongodb';

interface StoreSettings {
  title: string;
  credentials: string;
  ca: string;
  clientCertificate: string;
  address: string;
  tls: string;
}

const SETTINGS: Record<Store, StoreSettings> = {
  kafka: {
    title: 'Kafka',
    credentials: 'KAFKA_SASL_USERNAME/KAFKA_SASL_PASSWORD and KAFKA_SASL_MECHANISM',
    ca: 'KAFKA_SSL_CA_FILE',
    clientCertificate: 'KAFKA_SSL_CERT_FILE/KAFKA_SSL_KEY_FILE',
    address: 'KAFKA_BROKERS',
    tls: 'KAFKA_SSL',
  },
  redis: {
    title: 'Redis',
    credentials: 'REDIS_USERNAME/REDIS_PASSWORD (or the credentials in REDIS_URL)',
    ca: 'REDIS_TLS_CA_FILE',
    clientCertificate: 'REDIS_TLS_CERT_FILE/REDIS_TLS_KEY_FILE',
    address: 'REDIS_URL',
    tls: 'REDIS_URL (rediss:// for TLS)',
  },
  mongodb: {
    title: 'MongoDB',
    credentials: 'MONGO_USERNAME/MONGO_PASSWORD (or the credentials in MONGO_URL)',
    ca: 'MONGO_TLS_CA_FILE',
    clientCertificate: 'MONGO_TLS_CERT_KEY_FILE',
    address: 'MONGO_URL',
    tls: 'MONGO_URL (tls=true) or MONGO_TLS_CA_FILE',
  },
};

/** A start failure that a setting explains; `startWithRetries` logs its message and keeps retrying. */
export class ConnectionSettingError extends Error {
  constructor(message: string, cause: unknown) {
    super(message, { cause });
    this.name = 'ConnectionSettingError';
  }
}

type Problem = 'credentials' | 'untrusted' | 'hostname' | 'expired' | 'clientCertificate' | 'notTls';

// Node's (OpenSSL's) codes and reasons; drivers keep the code, or only the reason in their own message.
const PROBLEMS: { problem: Problem; codes: string[]; reasons: RegExp }[] = [
  {
    problem: 'credentials',
    codes: ['AuthenticationFailed'],
    reasons:
      /SASL \S+ authentication failed|WRONGPASS|NOAUTH|Authentication failed|invalid username-password/i,
  },
  {
    problem: 'untrusted',
    codes: [
      'SELF_SIGNED_CERT_IN_CHAIN',
      'DEPTH_ZERO_SELF_SIGNED_CERT',
      'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
      'UNABLE_TO_GET_ISSUER_CERT',
      'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
      'CERT_SIGNATURE_FAILURE',
    ],
    reasons:
      /self[- ]signed certificate|unable to verify the first certificate|unable to get (local )?issuer certificate/i,
  },
  {
    problem: 'hostname',
    codes: ['ERR_TLS_CERT_ALTNAME_INVALID'],
    reasons: /does not match certificate's altnames/i,
  },
  {
    problem: 'expired',
    codes: ['CERT_HAS_EXPIRED', 'CERT_NOT_YET_VALID'],
    reasons: /certificate has expired/i,
  },
  {
    problem: 'clientCertificate',
    codes: [
      'ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED',
      'ERR_SSL_SSLV3_ALERT_BAD_CERTIFICATE',
      'ERR_SSL_TLSV1_ALERT_UNKNOWN_CA',
    ],
    reasons: /alert (certificate required|bad certificate|unknown ca)/i,
  },
  {
    problem: 'notTls',
    codes: ['ERR_SSL_WRONG_VERSION_NUMBER'],
    reasons: /wrong version number|packet length too long/i,
  },
];

function messageOf(store: Store, problem: Problem): string {
  const s = SETTINGS[store];
  switch (problem) {
    case 'credentials':
      return `${s.title} authentication failed: check ${s.credentials}`;
    case 'untrusted':
      return `TLS: ${s.title}'s certificate not trusted: check ${s.ca}`;
    case 'hostname':
      return `TLS: ${s.title}'s certificate does not name the host connected to: check ${s.address}`;
    case 'expired':
      return `TLS: ${s.title}'s certificate has expired or is not yet valid (the server's certificate, or this host's clock)`;
    case 'clientCertificate':
      return `TLS: ${s.title} refused our client certificate: check ${s.clientCertificate}`;
    case 'notTls':
      return `TLS: ${s.title} does not speak TLS on that port: check ${s.tls}`;
  }
}

/** Each error in a chain of causes: `cause`, kafkajs's wrapped errors, the driver's per-server errors. */
function* chainOf(
  error: unknown,
  depth = 0,
): Generator<{ code?: unknown; codeName?: unknown; message?: unknown }> {
  if (!error || typeof error !== 'object' || depth > 8) return;
  const e = error as Record<string, unknown>;
  yield e;
  yield* chainOf(e.cause, depth + 1);
  yield* chainOf(e.originalError, depth + 1);
  if (Array.isArray(e.errors)) for (const inner of e.errors) yield* chainOf(inner, depth + 1);
  const servers = (e.reason as { servers?: unknown } | undefined)?.servers;
  if (servers instanceof Map)
    for (const server of servers.values()) yield* chainOf((server as { error?: unknown }).error, depth + 1);
}

function problemOf(error: unknown): Problem | undefined {
  for (const link of chainOf(error)) {
    const codes = [link.code, link.codeName].filter((c) => typeof c === 'string') as string[];
    const message = typeof link.message === 'string' ? link.message : '';
    const found = PROBLEMS.find(
      ({ codes: known, reasons }) => codes.some((c) => known.includes(c)) || reasons.test(message),
    );
    if (found) return found.problem;
  }
  return undefined;
}

/** The setting a failure points to, as a message; undefined when no setting explains it (a server down). */
export function connectionHint(store: Store, error: unknown): string | undefined {
  const problem = problemOf(error);
  return problem && messageOf(store, problem);
}

/** The error, or a ConnectionSettingError naming the setting to fix (with the error as its cause). */
export function explainConnectionError(store: Store, error: unknown): unknown {
  if (error instanceof ConnectionSettingError) return error;
  const hint = connectionHint(store, error);
  return hint ? new ConnectionSettingError(hint, error) : error;
}
