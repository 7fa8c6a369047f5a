import { channelOptionsOf, keepaliveOf, serverConnectionsOf, serverOptionsOf } from './connection-settings';

const config = {
  GRPC_KEEPALIVE_TIME_MS: 10_000,
  GRPC_KEEPALIVE_TIMEOUT_MS: 5000,
  GRPC_MAX_CONNECTION_AGE_MS: 30_000,
  GRPC_MAX_CONNECTION_AGE_GRACE_MS: 5000,
  GRPC_MAX_IN_FLIGHT: 64,
};

describe('the gRPC channel and server options', () => {
  it('when a channel is made, then it balances round-robin by its own service config, with keepalive pings also when idle', () => {
    const options = channelOptionsOf(keepaliveOf(config));
    expect(JSON.parse(options['grpc.service_config'] as string)).toEqual({
      loadBalancingConfig: [{ round_robin: {} }],
    });
    expect(options).toMatchObject({
      'grpc.service_config_disable_resolution': 1,
      'grpc.keepalive_time_ms': 10_000,
      'grpc.keepalive_timeout_ms': 5000,
      'grpc.keepalive_permit_without_calls': 1,
      'grpc.max_reconnect_backoff_ms': 500,
    });
  });

  it('when a channel has no keepalive settings, then it still balances round-robin and sends no pings', () => {
    const options = channelOptionsOf();
    expect(options['grpc.service_config']).toContain('round_robin');
    expect(options['grpc.keepalive_time_ms']).toBeUndefined();
  });

  it('when a server is made from a service config, then its connections age out with a grace and it pings its clients', () => {
    expect(serverOptionsOf(serverConnectionsOf(config))).toEqual({
      'grpc.max_connection_age_ms': 30_000,
      'grpc.max_connection_age_grace_ms': 5000,
      'grpc.keepalive_time_ms': 10_000,
      'grpc.keepalive_timeout_ms': 5000,
    });
    expect(serverOptionsOf()).toEqual({});
  });

  it('when a server is made from a service config, then it bounds its calls in flight by GRPC_MAX_IN_FLIGHT', () => {
    expect(serverConnectionsOf(config).maxInFlight).toBe(64);
  });
});
