import { ConnectionSettingError, connectionHint, explainConnectionError } from './connection-errors';

// Errors shaped as the drivers make them (kafkajs, node-redis, the MongoDB driver), with Node's TLS codes.
const tlsError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('connection hints', () => {
  it('when kafkajs reports a failed SASL handshake, then the hint names the Kafka credentials', () => {
    const error = Object.assign(new Error('SASL SCRAM SHA512 authentication failed: Authentication failed'), {
      name: 'KafkaJSSASLAuthenticationError',
    });
    expect(connectionHint('kafka', error)).toBe(
      'Kafka authentication failed: check KAFKA_SASL_USERNAME/KAFKA_SASL_PASSWORD and KAFKA_SASL_MECHANISM',
    );
  });

  it('when the certificate is not trusted deep in a chain of causes, then the hint names the CA setting', () => {
    const cause = tlsError('SELF_SIGNED_CERT_IN_CHAIN', 'self-signed certificate in certificate chain');
    const retries = Object.assign(new Error('retries exceeded'), { cause: new Error('wrapped', { cause }) });
    expect(connectionHint('kafka', retries)).toBe(
      "TLS: Kafka's certificate not trusted: check KAFKA_SSL_CA_FILE",
    );
    const selection = Object.assign(new Error('Server selection timed out'), {
      reason: { servers: new Map([['127.0.0.1:27017', { error: new Error('x', { cause }) }]]) },
    });
    expect(connectionHint('mongodb', selection)).toBe(
      "TLS: MongoDB's certificate not trusted: check MONGO_TLS_CA_FILE",
    );
  });

  it('when the server refuses the client certificate or the name does not match, then the hint says which setting', () => {
    expect(connectionHint('redis', tlsError('ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED', 'alert'))).toBe(
      'TLS: Redis refused our client certificate: check REDIS_TLS_CERT_FILE/REDIS_TLS_KEY_FILE',
    );
    expect(connectionHint('redis', tlsError('ERR_TLS_CERT_ALTNAME_INVALID', 'altnames'))).toBe(
      "TLS: Redis's certificate does not name the host connected to: check REDIS_URL",
    );
    expect(connectionHint('mongodb', Object.assign(new Error('Authentication failed.'), { code: 18 }))).toBe(
      'MongoDB authentication failed: check MONGO_USERNAME/MONGO_PASSWORD (or the credentials in MONGO_URL)',
    );
  });

  it('when a server is simply down, then no setting is blamed and the error is kept as it is', () => {
    const refused = tlsError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:9092');
    expect(connectionHint('kafka', refused)).toBeUndefined();
    expect(explainConnectionError('kafka', refused)).toBe(refused);
  });

  it('when a setting explains it, then the explained error keeps the original as its cause', () => {
    const cause = new Error('WRONGPASS invalid username-password pair or user is disabled.');
    const explained = explainConnectionError('redis', cause);
    expect(explained).toBeInstanceOf(ConnectionSettingError);
    expect((explained as Error).cause).toBe(cause);
    expect((explained as Error).name).toBe('ConnectionSettingError');
  });
});
