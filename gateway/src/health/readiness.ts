import { health } from '@travel/contracts';
import type { FieldProblem } from '@travel/errors';
import type { ServiceClients } from '../clients/service-clients';

/**
 * Ready means this gateway can serve: its Redis answers and identity (needed by every authenticated call)
 * is SERVING. Other services failing makes their routes answer 503, but does not take every gateway out
 * of the load balancer; /api/health reports them. Returns what is not ready (empty when ready).
 */
export async function checkReadiness(
  clients: ServiceClients,
  redisPing: () => Promise<boolean>,
): Promise<FieldProblem[]> {
  const [redisOk, identityOk] = await Promise.all([redisPing().catch(() => false), identityServing(clients)]);
  const problems: FieldProblem[] = [];
  if (!redisOk) problems.push({ path: 'infrastructure.redis', message: 'Redis does not answer PING.' });
  if (!identityOk) problems.push({ path: 'services.identity', message: 'identity is not SERVING.' });
  return problems;
}

/** Checks per readiness probe before identity counts as not SERVING. */
const IDENTITY_CHECKS = 3;

/**
 * One SERVING replica of identity is enough: the client turns through the replicas per call (round_robin), so a
 * NOT_SERVING answer (a replica starting or stopping) is asked again and the next check goes to another one.
 * Without this, every gateway's readiness flapped while one identity replica restarted.
 */
async function identityServing(clients: ServiceClients): Promise<boolean> {
  for (let check = 0; check < IDENTITY_CHECKS; check++) {
    const status = await clients.health.identity
      .check({ service: '' })
      .then((answer) => answer.status)
      .catch(() => undefined);
    if (status === health.HealthCheckResponse_ServingStatus.SERVING) return true;
  }
  return false;
}
