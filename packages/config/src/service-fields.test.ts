import { z } from 'zod';
import { ConfigError, grpcClientFields, loadConfig, serviceFields } from './index';

const service = z.object(serviceFields({ grpcPort: 50052 }));
/** Every service names its certificate's folder; the folder is read when its server starts, not here. */
const TLS = { GRPC_TLS_DIR: '/etc/partner-travel/grpc-tls' };
const gateway = z.object(grpcClientFields);

describe('the gRPC settings of a process', () => {
  it('when a service sets none, then connections live 30 s with a 5 s grace and are pinged every 10 s (5 s to answer)', () => {
    expect(loadConfig(service, TLS)).toMatchObject({
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
        ...TLS,
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
        ...TLS,
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
    expect(loadConfig(service, TLS).GRPC_REFLECTION).toBeUndefined();
    expect(loadConfig(service, { ...TLS, GRPC_REFLECTION: 'true' }).GRPC_REFLECTION).toBe(true);
    expect(loadConfig(service, { ...TLS, GRPC_REFLECTION: 'false' }).GRPC_REFLECTION).toBe(false);
    expect(() => loadConfig(service, { ...TLS, GRPC_REFLECTION: 'yes' })).toThrow(/GRPC_REFLECTION/);
  });

  it('when GRPC_TLS_DIR is missing or empty, then the start fails naming it; GRPC_PROBE_PORT is unset unless given', () => {
    for (const env of [{}, { GRPC_TLS_DIR: '' }])
      expect(() => loadConfig(service, env)).toThrow(
        /GRPC_TLS_DIR: required: the folder of this process's certificate/,
      );
    expect(loadConfig(service, TLS)).toMatchObject({ GRPC_TLS_DIR: '/etc/partner-travel/grpc-tls' });
    expect(loadConfig(service, TLS).GRPC_PROBE_PORT).toBeUndefined();
    expect(loadConfig(service, { ...TLS, GRPC_PROBE_PORT: '50152' }).GRPC_PROBE_PORT).toBe(50152);
  });
});
