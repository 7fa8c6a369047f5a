import { z } from 'zod';
import { ConfigError, csv, loadConfig, port } from './index';

const schema = z.object({
  PORT: port(8080),
  MONGO_URL: z.string().url(),
  KAFKA_BROKERS: csv('127.0.0.1:9092'),
  SECRET: z.string().min(8),
});

describe('loadConfig', () => {
  it('when the environment is valid, then defaults and coercions apply', () => {
    const config = loadConfig(schema, {
      MONGO_URL: 'mongodb://h:1',
      SECRET: 'long-enough',
      KAFKA_BROKERS: 'a:1, b:2',
    });
    expect(config).toEqual({
      PORT: 8080,
      MONGO_URL: 'mongodb://h:1',
      KAFKA_BROKERS: ['a:1', 'b:2'],
      SECRET: 'long-enough',
    });
  });

  it('when several variables are wrong, then the error lists every one of them', () => {
    expect.assertions(3);
    try {
      loadConfig(schema, { PORT: 'eighty', SECRET: 'short' });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.map((p) => p.split(':')[0]);
      expect(problems).toEqual(expect.arrayContaining(['PORT', 'MONGO_URL', 'SECRET']));
      expect((error as ConfigError).message).toContain('Invalid configuration');
    }
  });
});
