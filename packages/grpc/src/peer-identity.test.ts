import { peerNameOf, peerUri } from './peer-identity';

describe('the peer a certificate names', () => {
  it('when it carries one URI of the trust domain, then that is the peer, whatever DNS and IP names sit beside it', () => {
    expect(peerNameOf('URI:spiffe://partner-travel/gateway, DNS:gateway, IP Address:127.0.0.1')).toBe(
      'gateway',
    );
    expect(peerNameOf('DNS:localhost, URI:spiffe://partner-travel/payment-webhooks')).toBe(
      'payment-webhooks',
    );
    expect(peerUri('booking')).toBe('spiffe://partner-travel/booking');
  });

  it('when it carries none, another trust domain, two of ours or a quoted one, then it names nobody', () => {
    for (const names of [
      undefined,
      '',
      'DNS:gateway',
      'URI:spiffe://other-platform/gateway',
      'URI:spiffe://partner-travel/gateway, URI:spiffe://partner-travel/identity',
      'URI:"spiffe://partner-travel/gateway, DNS:x"',
      'URI:spiffe://partner-travel/Gateway',
      'URI:spiffe://partner-travel/gateway/admin',
    ])
      expect(peerNameOf(names)).toBeUndefined();
    expect(() => peerUri('no spaces')).toThrow(/not a peer name/);
  });
});
