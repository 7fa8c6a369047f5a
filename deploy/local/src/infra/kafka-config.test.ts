import { kafkaEnvironment, kraftProperties, serverProperties } from './kafka-config';

// The component tier's Kafka container gets the launcher's settings as KAFKA_* variables, which our image's
// run.sh and the apache/kafka image turn back into server.properties.

/** The apache/kafka image's reading of a variable name: `___` is `-`, `__` is `_`, `_` is `.`, lower case. */
function propertyOf(name: string): string {
  return name
    .replace(/^KAFKA_/, '')
    .toLowerCase()
    .replaceAll('___', '-')
    .replaceAll('__', '%')
    .replaceAll('_', '.')
    .replaceAll('%', '_');
}

describe('Kafka settings as environment variables', () => {
  it('when the single-node settings are given as variables, then each reads back as the same property', () => {
    const props = kraftProperties('/tmp/logs', { broker: '127.0.0.1:39092', controller: '127.0.0.1:39093' });
    const env = kafkaEnvironment(props);
    expect(env.KAFKA_NODE_ID).toBe('1');
    expect(env.KAFKA_LISTENERS).toBe('PLAINTEXT://127.0.0.1:39092,CONTROLLER://127.0.0.1:39093');
    expect(env.KAFKA_CONTROLLER_QUORUM_VOTERS).toBe('1@127.0.0.1:39093');
    const readBack = Object.fromEntries(
      Object.entries(env).map(([name, value]) => [propertyOf(name), value]),
    );
    expect(readBack).toEqual(Object.fromEntries(Object.entries(props).map(([k, v]) => [k, String(v)])));
  });

  it('when a property has an underscore or a dash, then its variable spells them as apache/kafka reads them', () => {
    expect(kafkaEnvironment({ 'a_b-c.d': 1 })).toEqual({ KAFKA_A__B___C_D: '1' });
  });

  it("when the launcher writes its server.properties, then it listens on the launcher's ports", () => {
    const text = serverProperties('/data/kafka/logs');
    expect(text).toContain('listeners=PLAINTEXT://127.0.0.1:9092,CONTROLLER://127.0.0.1:9093\n');
    expect(text).toContain('log.dirs=/data/kafka/logs\n');
  });
});
