import { peerDnsName, peerNameOf } from './peer-identity';

describe('the peer a certificate names', () => {
  it('when it carries one DNS name under peers.partner-travel, then that is the peer, whatever names sit beside it', () => {
    expect(peerNameOf('DNS:gateway.peers.partner-travel, DNS:gateway, IP Address:127.0.0.1')).toBe('gateway');
    expect(peerNameOf('DNS:localhost, DNS:payment-webhooks.peers.partner-travel')).toBe('payment-webhooks');
    expect(peerDnsName('booking')).toBe('booking.peers.partner-travel');
  });

  it('when it carries none, another domain, two of ours or a quoted one, then it names nobody', () => {
    for (const names of [
      undefined,
      '',
      'DNS:gateway',
      'URI:spiffe://partner-travel/gateway',
      'DNS:gateway.peers.other-platform',
      'DNS:gateway.peers.partner-travel, DNS:identity.peers.partner-travel',
      'DNS:"gateway.peers.partner-travel, DNS:x"',
      'DNS:Gateway.peers.partner-travel',
      'DNS:admin.gateway.peers.partner-travel',
      'DNS:.peers.partner-travel',
    ])
      expect(peerNameOf(names)).toBeUndefined();
    expect(() => peerDnsName('no spaces')).toThrow(/not a peer name/);
    expect(() => peerDnsName('a.b')).toThrow(/not a peer name/);
  });
});
