import { connect } from 'node:net';

/** Succeeds when an SMTP server greets with `220`. */
export function probeSmtpGreeting(host: string, port: number, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port });
    const done = (err?: Error): void => {
      socket.destroy();
      if (err) reject(err);
      else resolve();
    };
    socket.setTimeout(timeoutMs, () => done(new Error(`no SMTP greeting from ${host}:${port}`)));
    socket.once('error', done);
    socket.once('data', (chunk) =>
      chunk.toString().startsWith('220')
        ? done()
        : done(new Error(`SMTP greeted ${chunk.toString().trim()}`)),
    );
  });
}
