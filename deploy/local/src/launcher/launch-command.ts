import { maildevWebUrl } from '../infra/maildev';
import { type DemoAccess, seedDemo } from './demo-seed';
import { maildevOf } from './engagement-env';
import { launchPlatform, processPid, stopPlatformProcesses } from './launch';
import { peerTlsFor } from './peer-tls';
import { loadSpecs, processLogFile } from './processes';
import { gatewayUrl, metricsPort, PROFILES, SERVICES, type StackProfile } from './profile';
import { parseReplicas, type ReplicaCounts, replicaLabel, replicasOf } from './replicas';
import { runServiceCommand, SEALING_SERVICES } from './service-commands';

function profileFrom(args: string[]): StackProfile {
  const name = args[args.indexOf('--profile') + 1];
  return args.includes('--profile') && name !== undefined && Object.hasOwn(PROFILES, name)
    ? PROFILES[name as StackProfile['name']]
    : PROFILES.dev;
}

/** `TRAVEL_REPLICAS`, then every `--replicas` in order (`--replicas 2 --replicas booking=3`); later entries win. */
export function replicasFrom(args: string[], env: NodeJS.ProcessEnv): ReplicaCounts {
  const given = args.flatMap((arg, i) => (arg === '--replicas' ? [args[i + 1] ?? ''] : []));
  return parseReplicas([env.TRAVEL_REPLICAS ?? '', ...given].join(','));
}

/** `gateway ×2, booking ×3` for the processes that run more than one replica. */
function replicaSummary(counts: ReplicaCounts): string {
  const several = Object.entries(counts).filter(([, n]) => (n ?? 1) > 1);
  return several.map(([name, n]) => `${name} ×${n}`).join(', ');
}

function printWelcome(profile: StackProfile, demo: DemoAccess, counts: ReplicaCounts): void {
  const url = gatewayUrl(profile);
  const gateways = replicasOf(counts, 'gateway');
  const replicas = replicaSummary(counts);
  console.log(
    [
      '',
      'Partner Travel platform is up.',
      `  Partner API      ${url}/api/v1   (try: curl ${url}/api/v1/health)`,
      `  Partner docs     ${url}/api/v1/docs`,
      `  Internal API     ${url}/api      (health: ${url}/api/health)`,
      `  Internal docs    ${url}/api/docs`,
      `  Partner console  ${url}/console   (sign in as the demo tenant's staff below)`,
      `  Logs             .local/logs/${profile.name}-<process>.log`,
      `  Metrics          http://127.0.0.1:${metricsPort(profile, 'gateway')}/metrics (gateway; services on the next ${SERVICES.length} ports)`,
      ...(replicas === ''
        ? []
        : [
            `  Replicas         ${replicas}: replica k on 127.0.0.k, same ports (logs <process>-k.log)`,
            ...(gateways > 1 ? [`  Gateways         ${url} ... ${gatewayUrl(profile, gateways)}`] : []),
          ]),
      `  Email (MailDev)  ${maildevWebUrl(maildevOf(profile))}   (every email the platform sends lands here)`,
      '',
      `Demo tenant "${demo.tenant.name}" (${demo.tenant.id}), client "${demo.client.name}" (id ${demo.client.id}):`,
      `  Live key (every scope)   ${demo.liveKey}`,
      `  Test key (every scope)   ${demo.testKey}`,
      `  Try: curl -H "Authorization: Bearer ${demo.liveKey}" ${url}/api/v1/me`,
      `Demo tenant staff (partner console): ${demo.tenantUser.email} / ${demo.tenantUser.password}`,
      `  Open ${url}/console and sign in; its request logs already hold a few calls of the live key, one refused`,
      `Platform administrator: ${demo.admin.email} / ${demo.admin.password}`,
      `  Try: curl -X POST ${url}/api/admin/auth/login -H 'content-type: application/json' \\`,
      `         -d '{"email":"${demo.admin.email}","password":"${demo.admin.password}"}'`,
      `Storefront customer: ${demo.customer.email} / ${demo.customer.password}`,
      `  Try: curl -X POST ${url}/api/auth/login -H 'content-type: application/json' \\`,
      `         -d '{"email":"${demo.customer.email}","password":"${demo.customer.password}"}'`,
      '',
      'Press Ctrl-C to stop everything.',
    ].join('\n'),
  );
}

/** Says once when a replica of the platform dies, so a crash is not silent in the foreground terminal. */
function watchProcesses(profile: StackProfile): NodeJS.Timeout {
  const reported = new Set<string>();
  const specs = loadSpecs(process.env, profile);
  return setInterval(() => {
    for (const spec of specs) {
      const label = replicaLabel(spec);
      const alive = processPid(process.env, profile, spec) !== undefined;
      if (alive) reported.delete(label);
      else if (!reported.has(label)) {
        reported.add(label);
        console.log(`[launch] ${label} is not running (see ${processLogFile(process.env, profile, spec)})`);
      }
    }
  }, 2000);
}

/** `launch`: the platform in the foreground until Ctrl-C, then everything stopped cleanly. */
export async function launchCommand(args: string[]): Promise<number> {
  const profile = profileFrom(args);
  const replicas = replicasFrom(args, process.env);
  const platform = await launchPlatform({ profile, replicas });
  const demo = await seedDemo(process.env, profile).catch(async (error: unknown) => {
    await platform.stop();
    throw error;
  });
  printWelcome(profile, demo, replicas);
  // The watchdog also keeps this process alive: the children are detached and hold no handle of ours.
  const watchdog = watchProcesses(profile);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  clearInterval(watchdog);
  console.log('\n[launch] stopping the gateway, the services, then the infrastructure this launch started');
  await platform.stop();
  console.log('[launch] stopped');
  return 0;
}

/**
 * `stack start`: launches a profile and returns once it is healthy, leaving it running (its processes are
 * detached); `stack stop` ends it. `npm test` shares one e2e stack between its test runs this way.
 */
export async function stackStartCommand(args: string[]): Promise<number> {
  const profile = profileFrom(args);
  const platform = await launchPlatform({ profile, replicas: replicasFrom(args, process.env) });
  console.log(
    `[launch] ${profile.name} stack running at ${platform.gatewayUrl}; stop it with: stack stop --profile ${profile.name}`,
  );
  return 0;
}

/** `stack stop`: stops the platform processes of a profile left running (for example after a crash). */
export async function stackStopCommand(args: string[]): Promise<number> {
  await stopPlatformProcesses(process.env, profileFrom(args));
  return 0;
}

/** `reseal`: every sealed value of identity, billing and webhook sealed again under the active key. */
export async function resealCommand(args: string[]): Promise<number> {
  const profile = profileFrom(args);
  const codes = SEALING_SERVICES.map((service) => runServiceCommand(process.env, profile, service, 'reseal'));
  return codes.every((code) => code === 0) ? 0 : 1;
}

/** `rotate-signing-key`: a new access-token signing key in identity (docs/access.md, "Signing keys"). */
/**
 * Makes (or finds) the profile's CA and per-process certificates and prints their folder: what a service started
 * by hand (GRPC_TLS_DIR=<folder>/pricing) or grpcurl (docs/exploring-services.md) needs.
 */
export async function peerTlsCommand(args: string[]): Promise<number> {
  console.log(await peerTlsFor(process.env, profileFrom(args)));
  return 0;
}

export async function rotateSigningKeyCommand(args: string[]): Promise<number> {
  return runServiceCommand(process.env, profileFrom(args), 'identity', 'rotate-signing-key');
}
