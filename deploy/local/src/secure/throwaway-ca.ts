import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A certificate and its key (PEM files), and one file holding both (MongoDB's and Kafka's PEM keystore form). */
export interface Issued {
  certFile: string;
  keyFile: string;
  certKeyFile: string;
}

/**
 * A CA made for one test run (EC P-256, valid one day), a server certificate for 127.0.0.1/localhost and a
 * client certificate it signed, and a second CA that signed nothing of these (the "wrong CA").
 */
export interface ThrowawayCa {
  caFile: string;
  wrongCaFile: string;
  server: Issued;
  client: Issued;
}

function openssl(args: string[]): void {
  execFileSync('openssl', args, { stdio: ['ignore', 'ignore', 'pipe'] });
}

const KEY = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];

function makeCa(dir: string, name: string): { certFile: string; keyFile: string } {
  const certFile = join(dir, `${name}.pem`);
  const keyFile = join(dir, `${name}.key`);
  openssl([
    'req',
    '-x509',
    ...KEY,
    '-keyout',
    keyFile,
    '-out',
    certFile,
    '-days',
    '1',
    '-subj',
    `/CN=${name}`,
  ]);
  return { certFile, keyFile };
}

function issue(
  dir: string,
  name: string,
  ca: { certFile: string; keyFile: string },
  extensions: string,
): Issued {
  const keyFile = join(dir, `${name}.key`);
  const request = join(dir, `${name}.csr`);
  const certFile = join(dir, `${name}.pem`);
  const extFile = join(dir, `${name}.ext`);
  writeFileSync(extFile, extensions);
  openssl(['req', ...KEY, '-keyout', keyFile, '-out', request, '-subj', `/CN=${name}`]);
  const serial = `0x${randomBytes(8).toString('hex')}`;
  openssl([
    'x509',
    '-req',
    '-in',
    request,
    '-CA',
    ca.certFile,
    '-CAkey',
    ca.keyFile,
    '-set_serial',
    serial,
    '-days',
    '1',
    '-extfile',
    extFile,
    '-out',
    certFile,
  ]);
  const certKeyFile = join(dir, `${name}-cert-key.pem`);
  writeFileSync(certKeyFile, `${readFileSync(keyFile, 'utf8')}${readFileSync(certFile, 'utf8')}`);
  return { certFile, keyFile, certKeyFile };
}

/** Makes the CA, the certificates and the wrong CA in `dir` with the openssl CLI (a second or so). */
export function makeThrowawayCa(dir: string): ThrowawayCa {
  const ca = makeCa(dir, 'travel-test-ca');
  const wrong = makeCa(dir, 'travel-wrong-ca');
  // The server's certificate also serves as a client one: Kafka's broker connects to its own SSL listener.
  const server = issue(
    dir,
    'travel-test-server',
    ca,
    'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth,clientAuth\n',
  );
  const client = issue(dir, 'travel-test-client', ca, 'extendedKeyUsage=clientAuth\n');
  return { caFile: ca.certFile, wrongCaFile: wrong.certFile, server, client };
}
