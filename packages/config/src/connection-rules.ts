/**
 * How the TLS and credential settings of Kafka, Redis and MongoDB combine: what one field's parser cannot
 * see. Each rule applies only to a config that has the fields (a process without Redis has no REDIS_*).
 * Every problem is `VARIABLE: what to do`, like a field's own.
 */
type Settings = Record<string, unknown>;

const given = (settings: Settings, key: string) => settings[key] !== undefined && settings[key] !== '';

function together(settings: Settings, a: string, b: string): string[] {
  if (given(settings, a) && !given(settings, b)) return [`${b}: required with ${a}`];
  if (given(settings, b) && !given(settings, a)) return [`${a}: required with ${b}`];
  return [];
}

function kafkaProblems(settings: Settings): string[] {
  if (!('KAFKA_SSL' in settings)) return [];
  const problems = together(settings, 'KAFKA_SSL_CERT_FILE', 'KAFKA_SSL_KEY_FILE');
  for (const file of ['KAFKA_SSL_CA_FILE', 'KAFKA_SSL_CERT_FILE', 'KAFKA_SSL_KEY_FILE'])
    if (given(settings, file) && settings.KAFKA_SSL !== true) problems.push(`${file}: needs KAFKA_SSL=true`);
  const credentials = ['KAFKA_SASL_USERNAME', 'KAFKA_SASL_PASSWORD'];
  if (given(settings, 'KAFKA_SASL_MECHANISM')) {
    for (const key of credentials)
      if (!given(settings, key)) problems.push(`${key}: required with KAFKA_SASL_MECHANISM`);
  } else if (credentials.some((key) => given(settings, key))) {
    problems.push('KAFKA_SASL_MECHANISM: required with KAFKA_SASL_USERNAME/KAFKA_SASL_PASSWORD');
  }
  return problems;
}

/** Credentials in the URL and beside it would be two truths: one place only. */
function urlHasCredentials(url: unknown): boolean {
  try {
    const parsed = new URL(String(url));
    return parsed.username !== '' || parsed.password !== '';
  } catch {
    return false;
  }
}

function redisProblems(settings: Settings): string[] {
  if (!('REDIS_TLS_CA_FILE' in settings)) return [];
  const problems = together(settings, 'REDIS_TLS_CERT_FILE', 'REDIS_TLS_KEY_FILE');
  const tls = String(settings.REDIS_URL).startsWith('rediss://');
  for (const file of ['REDIS_TLS_CA_FILE', 'REDIS_TLS_CERT_FILE', 'REDIS_TLS_KEY_FILE'])
    if (given(settings, file) && !tls) problems.push(`${file}: needs a rediss:// REDIS_URL`);
  if (given(settings, 'REDIS_USERNAME') && !given(settings, 'REDIS_PASSWORD'))
    problems.push('REDIS_PASSWORD: required with REDIS_USERNAME');
  if (
    (given(settings, 'REDIS_USERNAME') || given(settings, 'REDIS_PASSWORD')) &&
    urlHasCredentials(settings.REDIS_URL)
  )
    problems.push('REDIS_PASSWORD: REDIS_URL has credentials too; give them in one place');
  return problems;
}

function mongoProblems(settings: Settings): string[] {
  if (!('MONGO_TLS_CA_FILE' in settings)) return [];
  const problems = together(settings, 'MONGO_USERNAME', 'MONGO_PASSWORD');
  if (given(settings, 'MONGO_USERNAME') && urlHasCredentials(settings.MONGO_URL))
    problems.push('MONGO_USERNAME: MONGO_URL has credentials too; give them in one place');
  return problems;
}

export function connectionProblems(settings: Settings): string[] {
  return [...kafkaProblems(settings), ...redisProblems(settings), ...mongoProblems(settings)];
}
