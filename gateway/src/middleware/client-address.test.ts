import { Writable } from 'node:stream';
import { type CidrRange, parseAllowListEntry } from '@travel/api-keys';
import { createLogger } from '@travel/logger';
import { metricValue } from '@travel/metrics';
import { documented } from '@travel/testkit';
import request from 'supertest';
import { assembleApp } from '../app';
import { requestContextOf } from '../http/request-context';
import { clientAddress } from './client-address';

/** The chain around one route that answers the client address it was given; every log line is kept. */
function appTrusting(proxies: string[]) {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const logger = createLogger({ name: 'test', destination });
  const trusted = proxies.map((entry) => parseAllowListEntry(entry) as CidrRange);
  const app = assembleApp(
    logger,
    [
      {
        method: 'get',
        path: '/where',
        access: { kind: 'public' },
        handlers: [(_req, res) => void res.json({ data: requestContextOf(res).clientAddress })],
      },
    ],
    {
      clientAddress: clientAddress(trusted, logger),
      platform: [],
      public: [],
      partner: [],
      staff: [],
      customer: [],
    },
  );
  const warnings = () => lines.filter((line) => line.level === 'warn');
  const requestLines = () => lines.filter((line) => line.msg === 'request');
  return { app, warnings, requestLines, lines };
}

const untrustedCount = () => metricValue('gateway_untrusted_forwarded_requests_total');

describe('client address', () => {
  it('when a peer not in TRUSTED_PROXIES sends X-Forwarded-For, then the peer is the client and one warning names it, however many requests it sends', async () => {
    documented(
      'docs/access.md',
      'A spoofed header from an untrusted peer changes nothing; the gateway counts it (`gateway_untrusted_forwarded_requests_total`)',
    );
    const { app, warnings } = appTrusting([]);
    const before = await untrustedCount();
    for (const forged of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
      const res = await request(app).get('/where').set('X-Forwarded-For', forged);
      expect(res.body.data).toBe('127.0.0.1');
    }
    expect(warnings()).toEqual([
      expect.objectContaining({
        peer: '127.0.0.1',
        headers: ['x-forwarded-for'],
        msg: expect.stringMatching(/TRUSTED_PROXIES/),
      }),
    ]);
    expect(await untrustedCount()).toBe(before + 3);
  });

  it('when an untrusted peer sends only Forwarded, then it is warned about too', async () => {
    const { app, warnings } = appTrusting(['10.0.0.0/8']);
    const res = await request(app).get('/where').set('Forwarded', 'for=198.51.100.1');
    expect(res.body.data).toBe('127.0.0.1');
    expect(warnings()).toEqual([expect.objectContaining({ peer: '127.0.0.1', headers: ['forwarded'] })]);
  });

  it('when a trusted proxy forwards, then the forwarded address is the client, in the request log too, and nothing is warned', async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      'The client address is the TCP peer, unless the peer is one of our configured trusted proxies; then it is the right-most `X-Forwarded-For` entry that is not itself a trusted proxy.',
    );
    documented(
      'docs/access.md',
      '**client address** (resolved right after the request id, for every request, so each request log line names it as `clientAddress`): the TCP peer, or, when the peer is in `TRUSTED_PROXIES` (chart `ingress.trustedProxies`), the right-most untrusted `X-Forwarded-For` hop.',
    );
    const { app, warnings, requestLines } = appTrusting(['127.0.0.1/32', '10.0.0.0/8']);
    const before = await untrustedCount();
    // The hops a trusted proxy (10.1.2.3) added are passed over; the left-most is whatever the client claimed.
    const hops = await request(app)
      .get('/where')
      .set('X-Forwarded-For', '198.51.100.1, 203.0.113.4, 10.1.2.3');
    expect(hops.body).toEqual({ data: '203.0.113.4' });
    const res = await request(app).get('/where').set('X-Forwarded-For', '203.0.113.5');
    expect([res.status, res.body]).toEqual([200, { data: '203.0.113.5' }]);
    // A path no route serves is logged with its client as well.
    await request(app).get('/nowhere').set('X-Forwarded-For', '203.0.113.6');
    expect(requestLines().map((line) => [line.status, line.clientAddress])).toEqual([
      [200, '203.0.113.4'],
      [200, '203.0.113.5'],
      [404, '203.0.113.6'],
    ]);
    expect(warnings()).toEqual([]);
    expect(await untrustedCount()).toBe(before);
  });

  it('when a peer sends no forwarded header, then nothing is warned', async () => {
    const { app, warnings } = appTrusting([]);
    expect((await request(app).get('/where')).body.data).toBe('127.0.0.1');
    expect(warnings()).toEqual([]);
  });
});
