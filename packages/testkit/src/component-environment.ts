import { TestEnvironment } from 'jest-environment-node';
import { dropClaimedResources } from './test-resources';

/**
 * The component tier's test environment: jest's node environment, and at the end of each test file (after its
 * last afterAll, so the services it started have stopped) the databases, topics and consumer groups named with
 * what the file's uniqueName calls handed out are dropped; the file fails if any is left.
 */
export class ComponentEnvironment extends TestEnvironment {
  override async teardown(): Promise<void> {
    const global = this.global;
    try {
      await dropClaimedResources(global);
    } finally {
      await super.teardown();
    }
  }
}
