import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

describe('generated types', () => {
  it('are current with gateway/openapi/partner.yaml (else run `npm run generate` in packages/partner-sdk)', () => {
    const pkg = join(__dirname, '..');
    // openapi-typescript --check exits non-zero when the committed file differs from a fresh generation.
    expect(() =>
      execFileSync(
        process.execPath,
        [
          join(pkg, 'node_modules/openapi-typescript/bin/cli.js'),
          '../../gateway/openapi/partner.yaml',
          '--empty-objects-unknown',
          '--output',
          'src/generated/partner-api.ts',
          '--check',
        ],
        { cwd: pkg, stdio: 'pipe' },
      ),
    ).not.toThrow();
  });
});
