import { join } from 'node:path';
import { locked } from '../infra/component-lock';
import { kafka } from '../infra/kafka';
import { maildevTest } from '../infra/maildev';
import { SECANTUSD_SETTINGS, secantusd, secantusdBinary } from '../infra/secantusd';
import type { InfraComponent, InfraContext } from '../infra/types';
import type { LocalImage } from './local-image';

/** The launcher's own install step (cached; serialised with any other infra command on that component). */
async function installed(component: InfraComponent, ctx: InfraContext): Promise<string> {
  await locked(component, ctx, () => component.install(ctx));
  return component.installedAt(ctx.env);
}

/** The pinned secantusd-rs build on the minbase image, taking mongod's flags. */
export const secantusdImage: LocalImage = {
  name: 'secantusd',
  base: 'debian',
  async prepare(ctx) {
    await installed(secantusd, ctx);
    return [
      { from: secantusdBinary(ctx.env), to: 'secantusd-rs' },
      { from: SECANTUSD_SETTINGS, to: 'secantusd.toml' },
    ];
  },
};

/** The Kafka jars of deploy/local/kafka/pom.xml, with Debian's JRE 17 installed in the build. */
export const kafkaImage: LocalImage = {
  name: 'kafka',
  base: 'debian',
  async prepare(ctx) {
    const dir = await installed(kafka, ctx);
    return [{ from: join(dir, 'lib'), to: 'lib', stamp: join(dir, 'complete') }];
  },
};

/** Debian's redis-server, installed in the build. */
export const redisImage: LocalImage = {
  name: 'redis',
  base: 'debian',
  prepare: async () => [],
};

/** The cached npm install of maildev on the Node.js base image. */
export const maildevImage: LocalImage = {
  name: 'maildev',
  base: 'node',
  async prepare(ctx) {
    const dir = await installed(maildevTest, ctx);
    return [{ from: join(dir, 'node_modules'), to: 'node_modules', stamp: join(dir, 'complete') }];
  },
};
