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

  it('when identity is killed, then the gateway stays ready (readiness is the gateway alone) and the public summary says degraded', async () => {
    killProcess('identity');
    await waitFor(
      async () => {
        const summary = await call('GET', '/api/health');
        expect([summary.status, (summary.body as { data: { status: string } }).data.status]).toEqual([
          200,
          'degraded',
        ]);
      },
      { timeoutMs: 15_000, intervalMs: 250 },
    );
    const ready = await call('GET', '/api/ready');
    expect([ready.status, ready.body]).toEqual([200, { data: { ready: true } }]);
    await restartService('identity');
    await waitAllServing(30_000);
  });
});
