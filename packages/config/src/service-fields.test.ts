import { z } from 'zod';
import { ConfigError, grpcClientFields, loadConfig, serviceFields } from './index';

const service = z.object(serviceFields({ grpcPort: 50052 }));
const gateway = z.object(grpcClientFields);

describe('the gRPC settings of a process', () => {
  it('when a service sets none, then connections live 30 s with a 5 s grace and are pinged every 10 s (5 s to answer)', () => {
    expect(loadConfig(service, {})).toMatchObject({
      GRPC_MAX_CONNECTION_AGE_MS: 30_000,
      GRPC_MAX_CONNECTION_AGE_GRACE_MS: 5000,
      GRPC_KEEPALIVE_TIME_MS: 10_000,
      GRPC_KEEPALIVE_TIMEOUT_MS: 5000,
    });
  });

  it('when a client-only process (the gateway) reads them, then it has the keepalive settings and no server ones', () => {
    expect(loadConfig(gateway, { GRPC_KEEPALIVE_TIME_MS: '20000' })).toEqual({
      GRPC_KEEPALIVE_TIME_MS: 20_000,
      GRPC_KEEPALIVE_TIMEOUT_MS: 5000,
    });
  });

  it('when they are given, then they are read as numbers, a grace of 0 included', () => {
    expect(
      loadConfig(service, {
        GRPC_MAX_CONNECTION_AGE_MS: '60000',
        GRPC_MAX_CONNECTION_AGE_GRACE_MS: '0',
        GRPC_KEEPALIVE_TIME_MS: '30000',
        GRPC_KEEPALIVE_TIMEOUT_MS: '2000',
      }),
    ).toMatchObject({
      GRPC_MAX_CONNECTION_AGE_MS: 60_000,
      GRPC_MAX_CONNECTION_AGE_GRACE_MS: 0,
      GRPC_KEEPALIVE_TIME_MS: 30_000,
      GRPC_KEEPALIVE_TIMEOUT_MS: 2000,
    });
  });

  it('when one is below its floor or not a number, then the start fails naming each of them', () => {
    expect.assertions(2);
    try {
      loadConfig(service, {
        GRPC_MAX_CONNECTION_AGE_MS: '10',
        GRPC_MAX_CONNECTION_AGE_GRACE_MS: '-1',
        GRPC_KEEPALIVE_TIME_MS: 'often',
        GRPC_KEEPALIVE_TIMEOUT_MS: '1.5',
      });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems.map((p) => p.split(':')[0]).sort()).toEqual([
        'GRPC_KEEPALIVE_TIMEOUT_MS',
        'GRPC_KEEPALIVE_TIME_MS',
        'GRPC_MAX_CONNECTION_AGE_GRACE_MS',
        'GRPC_MAX_CONNECTION_AGE_MS',
      ]);
    }
  });

  it('when GRPC_REFLECTION is unset, true or false, then it reads as undefined (the NODE_ENV default applies), true, false; anything else fails naming it', () => {
    expect(loadConfig(service, {}).GRPC_REFLECTION).toBeUndefined();
    expect(loadConfig(service, { GRPC_REFLECTION: 'true' }).GRPC_REFLECTION).toBe(true);
    expect(loadConfig(service, { GRPC_REFLECTION: 'false' }).GRPC_REFLECTION).toBe(false);
    expect(() => loadConfig(service, { GRPC_REFLECTION: 'yes' })).toThrow(/GRPC_REFLECTION/);
  });
});
