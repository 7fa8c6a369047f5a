import { Writable } from 'node:stream';
import { createLogger } from '@travel/logger';
import { metricValue } from '@travel/metrics';
import { documented } from '@travel/testkit';
import { untrustedForwarders } from './untrusted-forwarders';

/** The notes of one gateway on a clock the test moves, with the peers its warnings named. */
function notes() {
  const peers: unknown[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      const line = JSON.parse(String(chunk)) as { level: string; peer: unknown };
      if (line.level === 'warn') peers.push(line.peer);
      done();
    },
  });
  let clock = 1_000_000;
  const note = untrustedForwarders(createLogger({ name: 'test', destination }), () => clock);
  return {
    note: (peer: string) => note(peer, ['x-forwarded-for']),
    later: (ms: number) => {
      clock += ms;
    },
    peers,
  };
}

const counted = () => metricValue('gateway_untrusted_forwarded_requests_total');

describe('peers that forward without being trusted', () => {
  it('when they keep forwarding, then each request is counted, each peer warned about once an hour, at most a line a second', async () => {
    documented(
      'docs/access.md',
      'A spoofed header from an untrusted peer changes nothing; the gateway counts it (`gateway_untrusted_forwarded_requests_total`) and warns once per peer an hour (at most a line a second), since a proxy missing from the list makes every client share its address ([deploy](deploy.md#client-addresses-behind-a-proxy)).',
    );
    const { note, later, peers } = notes();
    const before = await counted();
    note('192.0.2.1');
    note('192.0.2.1');
    // Another peer within the second waits for a later request of its own.
    later(500);
    note('192.0.2.2');
    expect(peers).toEqual(['192.0.2.1']);
    later(600);
    note('192.0.2.2');
    later(60_000);
    note('192.0.2.1');
    expect(peers).toEqual(['192.0.2.1', '192.0.2.2']);
    // An hour after its warning, a peer that still forwards is named again.
    later(3_600_000 - 60_000 - 1100);
    note('192.0.2.1');
    expect(peers).toHaveLength(2);
    later(1);
    note('192.0.2.1');
    expect(peers).toEqual(['192.0.2.1', '192.0.2.2', '192.0.2.1']);
    expect(await counted()).toBe(before + 7);
  });
});
