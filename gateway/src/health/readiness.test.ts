import { health } from '@travel/contracts';
import type { ServiceClients } from '../clients/service-clients';
import { checkReadiness } from './readiness';

const { SERVING, NOT_SERVING } = health.HealthCheckResponse_ServingStatus;

/** Identity's health client answering these statuses in turn, as round_robin would from its replicas. */
function identityAnswering(statuses: health.HealthCheckResponse_ServingStatus[]) {
  let call = 0;
  const check = async () => ({ status: statuses[call++ % statuses.length] });
  return { clients: { health: { identity: { check } } } as unknown as ServiceClients, calls: () => call };
}

describe('readiness', () => {
  it('when one identity replica is NOT_SERVING and the next is SERVING, then the gateway is ready', async () => {
    const { clients } = identityAnswering([NOT_SERVING, SERVING]);
    expect(await checkReadiness(clients, async () => true)).toEqual([]);
  });

  it('when identity answers NOT_SERVING every time, then it is not ready after three checks', async () => {
    const { clients, calls } = identityAnswering([NOT_SERVING]);
    expect(await checkReadiness(clients, async () => true)).toEqual([
      { path: 'services.identity', message: 'identity is not SERVING.' },
    ]);
    expect(calls()).toBe(3);
  });

  it('when Redis does not answer, then it is not ready whatever identity says', async () => {
    const { clients } = identityAnswering([SERVING]);
    const problems = await checkReadiness(clients, async () => false);
    expect(problems.map((p) => p.path)).toEqual(['infrastructure.redis']);
  });
});
