import { Writable } from 'node:stream';
import { createLogger, withoutRedaction, withRequestId } from './index';

function capture() {
  const lines: Array<Record<string, unknown>> = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { lines, destination };
}

describe('logger', () => {
  it('when a request logs, then every line carries its request id and the process name', () => {
    const { lines, destination } = capture();
    const log = withRequestId(createLogger({ name: 'gateway', destination }), 'req_abc12345');
    log.info('first');
    log.warn({ route: '/x' }, 'second');
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line).toMatchObject({ name: 'gateway', requestId: 'req_abc12345' });
    expect(lines[1]).toMatchObject({ level: 'warn', route: '/x' });
  });

  it('when secrets are logged, then they are redacted', () => {
    const { lines, destination } = capture();
    const log = createLogger({ name: 'identity', destination });
    log.info(
      { headers: { authorization: 'Bearer ptk_live_x' }, key: { secret: 'ptk_live_y' }, password: 'p' },
      'x',
    );
    const text = JSON.stringify(lines[0]);
    expect(text).not.toContain('ptk_live');
    expect(text).not.toContain('"p"');
    expect(text).toContain('[redacted]');
  });

  it('when a fixed-field line skips redaction, then it still carries the process name and the parent still redacts', () => {
    const { lines, destination } = capture();
    const log = createLogger({ name: 'gateway', destination });
    withoutRedaction(log).info(
      { requestId: 'req_1', method: 'GET', path: '/api/v1/me', status: 200 },
      'request',
    );
    log.info({ token: 'ptk_live_z' }, 'after');
    expect(lines[0]).toMatchObject({ name: 'gateway', requestId: 'req_1', path: '/api/v1/me', status: 200 });
    expect(JSON.stringify(lines[1])).not.toContain('ptk_live');
  });
});
