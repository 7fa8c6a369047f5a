import { consoleSpec, processSpecs } from './process-specs';
import { consolePort, metricsPort, PROFILES, SERVICES } from './profile';

const urls = {
  mongoUrl: 'mongodb://127.0.0.1:27017',
  kafkaBrokers: ['127.0.0.1:9092'],
  redisUrl: 'redis://127.0.0.1:6379',
};
const keys = { privateKeyPem: 'private', publicKeyPem: 'public', peerTlsRoot: '/tls' };

describe("the console's process in each stack", () => {
  it('when the console is placed, then it listens beside the gateway (its port + 10) with the metrics port after the services', () => {
    expect(consoleSpec(PROFILES.dev)).toEqual({
      name: 'console',
      replica: 1,
      entry: expect.stringMatching(/console\/dist\/main\.js$/),
      env: { HTTP_HOST: '127.0.0.1', HTTP_PORT: '8090', METRICS_HOST: '127.0.0.1', METRICS_PORT: '9463' },
    });
    expect(consoleSpec(PROFILES.rollout).env).toMatchObject({ HTTP_HOST: '127.0.0.2', HTTP_PORT: '38090' });
    for (const profile of Object.values(PROFILES)) {
      const taken = [
        profile.httpPort,
        ...SERVICES.map((s) => metricsPort(profile, s)),
        metricsPort(profile, 'gateway'),
      ];
      expect(taken).not.toContain(consolePort(profile));
      expect(taken).not.toContain(metricsPort(profile, 'console'));
    }
  });

  it('when the gateways are specified, then every one names the console in CONSOLE_URL', () => {
    const gateways = processSpecs(PROFILES.e2e, urls, keys, { gateway: 2 }).filter(
      (s) => s.name === 'gateway',
    );
    expect(gateways.map((g) => g.env.CONSOLE_URL)).toEqual([
      'http://127.0.0.1:18090',
      'http://127.0.0.1:18090',
    ]);
    // The API platform's list (what the images tier boots) holds no console; the launcher adds it.
    expect(processSpecs(PROFILES.e2e, urls, keys).map((s) => s.name)).not.toContain('console');
  });
});
