import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { ensureGoTool, type GoTool, goToolBinary } from './go-tool';
import type { InfraOptions } from './types';

/**
 * The one place grpcurl's version is pinned: the command-line client that lists, describes and calls a running
 * service through its gRPC reflection (docs/exploring-services.md).
 */
export const GRPCURL_VERSION = 'v1.9.4';

const GRPCURL: GoTool = {
  name: 'grpcurl',
  module: 'github.com/fullstorydev/grpcurl/cmd/grpcurl',
  version: GRPCURL_VERSION,
  coldBuild: '~2 min on 2 cores',
  lockTimeoutMs: 15 * 60_000,
};

export function grpcurlBinary(env: NodeJS.ProcessEnv = process.env): string {
  return goToolBinary(GRPCURL, env);
}

/** The path of our pinned grpcurl, built once with `go install` into ~/.cache/partner-travel (as helm is). */
export function ensureGrpcurl(opts: InfraOptions = {}): Promise<string> {
  return ensureGoTool(GRPCURL, opts);
}

/**
 * `cli.js grpcurl <args>`: grpcurl itself (built first if need be, saying so on stderr), its output and exit code
 * untouched, so what it prints can be piped.
 */
export async function grpcurlCommand(args: string[]): Promise<number> {
  const binary = await ensureGrpcurl({ log: (line) => console.error(line) });
  const child = spawn(binary, args, { stdio: 'inherit' });
  const [code] = (await once(child, 'exit')) as [number | null];
  return code ?? 1;
}
