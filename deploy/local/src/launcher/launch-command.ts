import { maildevWebUrl } from '../infra/maildev';
import { type DemoAccess, seedDemo } from './demo-seed';
import { maildevOf } from './engagement-env';
import { launchPlatform, processPid, stopPlatformProcesses } from './launch';
import { processLogFile } from './processes';
import { gatewayUrl, metricsPort, PROFILES, SERVICES, type StackProfile } from './profile';

function profileFrom(args: string[]): StackProfile {
  const name = args[args.indexOf('--profile') + 1];
  return args.includes('--profile') && (name === 'dev' || name === 'e2e') ? PROFILES[name] : PROFILES.dev;
}

function printWelcome(profile: StackProfile, demo: DemoAccess): void {
  const url = gatewayUrl(profile);
  console.log(
    [
      '',
      'Partner Travel platform is up.',
      `  Partner API      ${url}/api/v1   (try: curl ${url}/api/v1/health)`,
      `  Partner docs     ${url}/api/v1/docs`,
      `  Internal API     ${url}/api      (health: ${url}/api/health)`,
      `  Internal docs    ${url}/api/docs`,
      `  Logs             .local/logs/${profile.name}-<process>.log`,
      `  Metrics          http://127.0.0.1:${metricsPort(profile, 'gateway')}/metrics (gateway; services on the next ${SERVICES.length} ports)`,
      `  Email (MailDev)  ${maildevWebUrl(maildevOf(profile))}   (every email the platform sends lands here)`,
      '',
      `Demo tenant "${demo.tenant.name}" (${demo.tenant.id}), client "${demo.client.name}" (id ${demo.client.id}):`,
      `  Live key (every scope)   ${demo.liveKey}`,
      `  Test key (every scope)   ${demo.testKey}`,
      `  Try: curl -H "Authorization: Bearer ${demo.liveKey}" ${url}/api/v1/me`,
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

/** Says once when a process of the platform dies, so a crash is not silent in the foreground terminal. */
function watchProcesses(profile: StackProfile): NodeJS.Timeout {
  const reported = new Set<string>();
  return setInterval(() => {
    for (const name of [...SERVICES, 'gateway'] as const) {
      const alive = processPid(process.env, profile, name) !== undefined;
      if (alive) reported.delete(name);
      else if (!reported.has(name)) {
        reported.add(name);
        console.log(`[launch] ${name} is not running (see ${processLogFile(process.env, profile, name)})`);
      }
    }
  }, 2000);
}

/** `launch`: the platform in the foreground until Ctrl-C, then everything stopped cleanly. */
export async function launchCommand(args: string[]): Promise<number> {
  const profile = profileFrom(args);
  const platform = await launchPlatform({ profile });
  const demo = await seedDemo(process.env, profile).catch(async (error: unknown) => {
    await platform.stop();
    throw error;
  });
  printWelcome(profile, demo);
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

/** `stack stop`: stops the platform processes of a profile left running (for example after a crash). */
export async function stackStopCommand(args: string[]): Promise<number> {
  await stopPlatformProcesses(process.env, profileFrom(args));
  return 0;
}
