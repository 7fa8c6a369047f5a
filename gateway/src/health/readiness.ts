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
  const [redisOk, identityOk] = await Promise.all([
    redisPing().catch(() => false),
    clients.health.identity
      .check({ service: '' })
      .then(({ status }) => status === health.HealthCheckResponse_ServingStatus.SERVING)
      .catch(() => false),
  ]);
  const problems: FieldProblem[] = [];
  if (!redisOk) problems.push({ path: 'infrastructure.redis', message: 'Redis does not answer PING.' });
  if (!identityOk) problems.push({ path: 'services.identity', message: 'identity is not SERVING.' });
  return problems;
}
