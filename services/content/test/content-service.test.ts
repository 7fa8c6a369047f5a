import { startContent } from './content.fixture';

describe('content service', () => {
  it('when started against the real store, then grpc.health.v1 reports it and mongodb SERVING', async () => {
    const content = await startContent();
    try {
      for (const name of ['', 'mongodb']) expect(await content.service.health(name)).toBe('SERVING');
    } finally {
      await content.stop();
    }
  });
});
