#!/usr/bin/env node
import { errorText } from './infra/errors';
import { grpcurlCommand } from './infra/grpcurl';
import {
  componentByName,
  infraStatus,
  installInfra,
  startComponent,
  startInfra,
  stopInfra,
} from './infra/index';
import type { InfraComponentStatus } from './infra/types';
import {
  launchCommand,
  peerTlsCommand,
  resealCommand,
  rotateSigningKeyCommand,
  stackStartCommand,
  stackStopCommand,
} from './launcher/launch-command';

type Command = (args: string[]) => Promise<number>;

const USAGE = [
  'usage: node deploy/local/dist/cli.js infra <command> [component...]',
  '  install            build/download what the managed servers need (cached)',
  '  start [name...]    install if needed, start, wait until ready',
  '  stop [name...]     stop the servers this tool started',
  '  status             one line per server; exit 0 only if all are ready',
  'components: secantusd, kafka, redis',
  '',
  '       node deploy/local/dist/cli.js launch [--profile dev|e2e|rollout] [--replicas N|name=N,...]',
  '  the infrastructure, the services and the gateway, in the foreground until Ctrl-C; --replicas (or',
  '  TRAVEL_REPLICAS) runs N of every process or of those named, replica k on 127.0.0.k (e.g. 2,booking=3)',
  '       node deploy/local/dist/cli.js stack start [--profile dev|e2e|rollout] [--replicas ...]',
  '  launch in the background: returns once healthy, the processes keep running (no demo data)',
  '       node deploy/local/dist/cli.js stack stop [--profile dev|e2e|rollout]',
  '  stop platform processes left running by a launch that did not end cleanly',
  '       node deploy/local/dist/cli.js reseal [--profile dev|e2e|rollout]',
  '  seal every stored secret again under the active sealing key (identity, billing, webhook; safe while running)',
  '       node deploy/local/dist/cli.js rotate-signing-key [--profile dev|e2e|rollout]',
  '  a new access-token signing key in identity: published at once, signing 10 s later',
  '       node deploy/local/dist/cli.js peer-tls [--profile dev|e2e|rollout]',
  "  the folder of the stack's CA and per-process certificates (made if missing; docs/caller-trust.md)",
  '       node deploy/local/dist/cli.js grpcurl <grpcurl arguments>',
  '  grpcurl (built once into ~/.cache/partner-travel), e.g. -plaintext 127.0.0.1:50053 list (docs/exploring-services.md)',
].join('\n');

function formatStatus(s: InfraComponentStatus): string {
  const state = s.ready ? 'ready' : 'NOT READY';
  const pid = s.pid === undefined ? '' : ` pid ${s.pid}`;
  const detail = s.detail === undefined ? '' : ` (${s.detail})`;
  return `[infra] ${s.name.padEnd(12)} ${s.mode.padEnd(8)} ${state.padEnd(9)} ${s.address}${pid}${detail}`;
}

async function start(names: string[]): Promise<number> {
  if (names.length === 0) {
    await startInfra();
    return 0;
  }
  for (const name of names) await startComponent(componentByName(name).name);
  return 0;
}

async function stop(names: string[]): Promise<number> {
  // Validates names before stopping anything.
  await stopInfra(names.length > 0 ? { only: names.map((n) => componentByName(n).name) } : {});
  return 0;
}

async function status(): Promise<number> {
  const all = await infraStatus();
  for (const s of all) console.log(formatStatus(s));
  return all.every((s) => s.ready) ? 0 : 1;
}

const infraCommands: Record<string, Command> = {
  install: async () => {
    await installInfra();
    return 0;
  },
  start,
  stop,
  status,
};

async function main(argv: string[]): Promise<number> {
  const [group, sub = '', ...rest] = argv;
  switch (group) {
    case 'infra': {
      const command = infraCommands[sub];
      if (command) return command(rest);
      break;
    }
    case 'launch':
      return launchCommand([sub, ...rest]);
    case 'stack':
      if (sub === 'start') return stackStartCommand(rest);
      if (sub === 'stop') return stackStopCommand(rest);
      break;
    case 'reseal':
      return resealCommand([sub, ...rest]);
    case 'rotate-signing-key':
      return rotateSigningKeyCommand([sub, ...rest]);
    case 'peer-tls':
      return peerTlsCommand([sub, ...rest]);
    case 'grpcurl':
      return grpcurlCommand(argv.slice(1));
    default:
      break;
  }
  console.error(USAGE);
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    // Our errors are already the one line we want to show; anything else gets the same treatment.
    console.error(errorText(err));
    process.exitCode = 1;
  },
);
