import type { WaitStrategy } from 'testcontainers';
import { waitForReady } from '../infra/readiness';

type Container = Parameters<WaitStrategy['waitUntilReady']>[0];

/**
 * Ready when the server answers its own protocol from this machine (a Mongo ping, a Kafka admin call, a Redis
 * PONG, MailDev's web and SMTP greeting): the same check whatever image runs it, where a log line differs
 * from image to image and port checks need mapped ports, which host networking has not.
 */
export class ProbeWaitStrategy implements WaitStrategy {
  private startupTimeoutMs = 60_000;
  private startupTimeoutSet = false;

  constructor(private readonly probe: (timeoutMs: number) => Promise<void>) {}

  async waitUntilReady(container: Container): Promise<void> {
    let exited: string | undefined;
    await waitForReady({
      timeoutMs: this.startupTimeoutMs,
      probe: async (timeoutMs) => {
        const { State } = await container.inspect();
        if (!State.Running) exited = `the container exited (code ${State.ExitCode})`;
        await this.probe(timeoutMs);
      },
      abortIf: () => exited,
    });
  }

  withStartupTimeout(startupTimeoutMs: number): this {
    this.startupTimeoutMs = startupTimeoutMs;
    this.startupTimeoutSet = true;
    return this;
  }

  isStartupTimeoutSet(): boolean {
    return this.startupTimeoutSet;
  }

  getStartupTimeout(): number {
    return this.startupTimeoutMs;
  }
}
