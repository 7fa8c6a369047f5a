import { join } from 'node:path';
import { type caller, tenants } from '@travel/contracts';
import { createServiceClient } from '@travel/grpc';
import { grpcAddress, PROFILES, peerTlsRoot } from '@travel/local-deploy';
import { staffCaller } from '@travel/testkit';
import { call } from '../support/gateway';

// The attack on the launched stack (docs/caller-trust.md): a caller that merely claims platform staff asks
// identity for every tenant. Plaintext no longer reaches the port; a process of the platform that identity's row
// does not allow (search) is refused; the gateway's own certificate is what lists them. And the public provider
// webhook route reaches billing as its own peer.

const profile = PROFILES.e2e;
const tlsOf = (peer: string) => ({ dir: join(peerTlsRoot(process.env, profile), peer) });
const claimedPlatformStaff: caller.Caller = staffCaller({ userId: 'usr_forged', rights: ['tenants'] });
const tenantsAs = (tls?: { dir: string }) =>
  createServiceClient(tenants.TenantServiceDefinition, grpcAddress(profile, 'identity'), {
    deadlineMs: 5000,
    tls,
  });
const codeOf = (attempt: Promise<unknown>) =>
  attempt.then(
    () => 'answered',
    (error: { code?: string }) => error.code,
  );

describe('callers prove who they are, on the launched platform', () => {
  it('when a forged platform-staff caller asks identity for every tenant without the gateway’s certificate, then it is refused; with it, it is answered', async () => {
    expect(await codeOf(tenantsAs().listTenants({ caller: claimedPlatformStaff }))).toBe(
      'service_unavailable',
    );
    expect(await codeOf(tenantsAs(tlsOf('search')).listTenants({ caller: claimedPlatformStaff }))).toBe(
      'forbidden',
    );
    expect(
      await codeOf(tenantsAs(tlsOf('payment-webhooks')).listTenants({ caller: claimedPlatformStaff })),
    ).toBe('forbidden');
    // The control: the gateway's certificate is trusted with whatever Caller it sends (it verified the session).
    expect(await codeOf(tenantsAs(tlsOf('gateway')).listTenants({ caller: claimedPlatformStaff }))).toBe(
      'answered',
    );
  });

  it('when a provider webhook comes with a bad signature, then billing itself refuses it (the route reached it as payment-webhooks)', async () => {
    const res = await call('POST', '/api/webhooks/payments/pgw_no_such_gateway', {
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      body: '{"id":"evt_forged"}',
    });
    // 401 or 403 would be the peer check refusing the route; a 5xx the route failing to reach billing at all.
    expect({ billingAnswered: [400, 404].includes(res.status), answer: res.text }).toMatchObject({
      billingAnswered: true,
    });
  });
});
