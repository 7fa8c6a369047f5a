import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

// A one-shot command's callers read its result as the last line of stdout (the launcher, the chart's hook Job, the
// images test): the logger's lines, written asynchronously to the same stdout, must all come before it.
const lifecycle = join(__dirname, '..', 'dist', 'index.js');

describe('runCommand', () => {
  it('when the work logs many lines, then its result is still the last line of stdout', () => {
    const script = `
      require(${JSON.stringify(lifecycle)}).runCommand('logs-then-answers', () => ({ LOG_LEVEL: 'info' }), async (_config, logger) => {
        for (let i = 0; i < 5000; i++) logger.info({ i }, 'a line the work logs');
        return { done: true };
      });`;
    const lines = execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim().split('\n');
    expect(lines).toHaveLength(5001);
    expect(lines.at(-1)).toBe('{"done":true}');
  });
});
