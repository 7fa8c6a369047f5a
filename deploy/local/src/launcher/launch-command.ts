import { launchPlatform, stopPlatformProcesses } from './launch';
import { gatewayUrl, PROFILES, type StackProfile } from './profile';

function profileFrom(args: string[]): StackProfile {
  const name = args[args.indexOf('--profile') + 1];
  return args.includes('--profile') && (name === 'dev' || name === 'e2e') ? PROFILES[name] : PROFILES.dev;
}

function printWelcome(profile: StackProfile): void {
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
      '',
      'Press Ctrl-C to stop everything.',
    ].join('\n'),
  );
}

/** `launch`: the platform in the foreground until Ctrl-C, then everything stopped cleanly. */
export async function launchCommand(args: string[]): Promise<number> {
  const profile = profileFrom(args);
  const platform = await launchPlatform({ profile });
  printWelcome(profile);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
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
