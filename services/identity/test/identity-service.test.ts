import { auditEntry, systemActor } from '@travel/audit';
import { apiAccess } from '@travel/contracts';
import { withRequestMetadata } from '@travel/grpc';
import {
  createServiceClient,
  type ServiceUnderTest,
  startServiceUnderTest,
  testLogger,
} from '@travel/testkit';
import { createApiSettingsRepository } from '../src/db/api-settings.repository';
import { createIdentityService } from '../src/service';
import { identityConfig } from './staff.fixture';

const config = identityConfig({ DEFAULT_RATE_LIMIT: '42' });
const built = createIdentityService(config, testLogger());
let service: ServiceUnderTest;

beforeAll(async () => {
  service = await startServiceUnderTest(built);
});
afterAll(async () => {
  await built.mongo.connection.dropDatabase();
  await service.stop();
});

describe('identity service', () => {
  it('when probed, then it is SERVING and so are its MongoDB and Kafka', async () => {
    expect(await service.health()).toBe('SERVING');
    expect(await service.health('mongodb')).toBe('SERVING');
    expect(await service.health('kafka')).toBe('SERVING');
    expect(await service.health('nonsense')).toBe('SERVICE_UNKNOWN');
  });

  it('when the settings were never changed, then GetApiSettings answers the configured defaults over gRPC', async () => {
    const client = createServiceClient(apiAccess.ApiAccessServiceDefinition, service.address, {
      deadlineMs: 3000,
    });
    const reply = await client.getApiSettings({}, withRequestMetadata('req_component_1'));
    expect(reply.settings).toEqual({
      apiEnabled: true,
      disabledScopes: [],
      defaultRateLimit: { limit: 42, windowSeconds: 10 },
    });
  });

  it('when settings are written through the repository, then they read back from the store', async () => {
    const repository = createApiSettingsRepository(built.mongo.connection);
    const defaults = {
      apiEnabled: true,
      disabledScopes: [],
      defaultRateLimit: { limit: 1, windowSeconds: 1 },
    };
    const entry = auditEntry(
      systemActor('req_ct_settings'),
      { action: 'api_settings.updated', target: { type: 'api_settings', id: 'platform' } },
      new Date(),
    );
    await repository.update({ apiEnabled: false, disabledScopes: ['bookings:write'] }, defaults, entry);
    const client = createServiceClient(apiAccess.ApiAccessServiceDefinition, service.address, {
      deadlineMs: 3000,
    });
    const reply = await client.getApiSettings({});
    expect(reply.settings).toMatchObject({ apiEnabled: false, disabledScopes: ['bookings:write'] });
    expect(await repository.get(defaults)).toMatchObject({
      apiEnabled: false,
      disabledScopes: ['bookings:write'],
    });
  });
});
