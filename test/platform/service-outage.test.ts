import { waitFor } from '@travel/testkit';
import { killProcess, restartService, waitAllServing } from '../support/faults';
import { call, platformHealth } from '../support/gateway';

describe('a service that dies', () => {
  it('when pricing is killed, then /api/health reports it and recovers once it is back', async () => {
    killProcess('pricing');

    await waitFor(
      async () => {
        const report = await platformHealth();
        expect(report.data.status).toBe('degraded');
        expect(report.data.services.pricing?.status).toBe('UNREACHABLE');
        expect(report.data.services.identity?.status).toBe('SERVING');
      },
      { timeoutMs: 15_000, intervalMs: 250 },
    );
    expect((await call('GET', '/api/ready')).status).toBe(200);

    await restartService('pricing');
    await waitAllServing(30_000);
  });

  it('when identity is killed, then the gateway is not ready until it is back', async () => {
    killProcess('identity');
    await waitFor(
      async () => {
        const res = await call('GET', '/api/ready');
        expect(res.status).toBe(503);
        expect(res.body).toMatchObject({ error: { code: 'service_unavailable' } });
      },
      { timeoutMs: 15_000, intervalMs: 250 },
    );
    await restartService('identity');
    await waitFor(async () => expect((await call('GET', '/api/ready')).status).toBe(200), {
      timeoutMs: 30_000,
      intervalMs: 250,
    });
  });
});
