import { isIP } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { ConnectionSettingError, connectionHint } from '@travel/config';
import type { KafkaConfig } from 'kafkajs';

/** An ApiVersions v0 request (api key 18, correlation id 1, client id `preflight`): every listener answers it before SASL. */
function apiVersionsRequest(): Buffer {
  const clientId = Buffer.from('preflight');
  const body = Buffer.alloc(10 + clientId.length);
  body.writeInt16BE(18, 0);
  body.writeInt16BE(0, 2);
  body.writeInt32BE(1, 4);
  body.writeInt16BE(clientId.length, 8);
  clientId.copy(body, 10);
  const size = Buffer.alloc(4);
  size.writeInt32BE(body.length, 0);
  return Buffer.concat([size, body]);
}

type TlsOptions = Exclude<KafkaConfig['ssl'], boolean | undefined>;

/** One TLS handshake and one request to a broker: resolves with the failure, or undefined when it answered. */
function tryBroker(broker: string, ssl: TlsOptions, timeoutMs: number): Promise<unknown> {
  const [host = '', port = ''] = [
    broker.slice(0, broker.lastIndexOf(':')),
    broker.slice(broker.lastIndexOf(':') + 1),
  ];
  return new Promise((resolve) => {
    // SNI carries names only (RFC 6066); an IP address is checked against the certificate's IP entries.
    const socket = tlsConnect({
      ...ssl,
      host,
      port: Number(port),
      ...(isIP(host) === 0 && { servername: host }),
    });
    const done = (outcome: unknown) => {
      socket.destroy();
      resolve(outcome);
    };
    socket.setTimeout(timeoutMs, () => done(new Error('timeout')));
    socket.once('secureConnect', () => socket.write(apiVersionsRequest()));
    socket.once('data', () => done(undefined));
    socket.once('error', done);
    socket.once('close', () => done(new Error('closed before answering')));
  });
}

/**
 * kafkajs retries a connection error for about a minute, a certificate error included, before `connect()`
 * fails. So before a client connects over TLS, one handshake and one ApiVersions round trip tell at once
 * whether a setting is wrong (CA, client certificate, TLS on a plaintext port): then `connect()` fails with the
 * setting's name and start-up retries it with its own backoff. Any other failure (a broker down) is left to kafkajs.
 */
export async function checkKafkaTls(
  brokers: string[],
  ssl: KafkaConfig['ssl'],
  timeoutMs = 3000,
): Promise<void> {
  if (!ssl) return;
  const options = ssl === true ? {} : ssl;
  let explained: ConnectionSettingError | undefined;
  for (const broker of brokers) {
    const failure = await tryBroker(broker, options, timeoutMs);
    if (failure === undefined) return;
    const hint = connectionHint('kafka', failure);
    if (!hint) return;
    explained ??= new ConnectionSettingError(`${hint} (${broker})`, failure);
  }
  if (explained) throw explained;
}
