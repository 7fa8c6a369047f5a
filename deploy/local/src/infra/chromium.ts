import { existsSync } from 'node:fs';
import { ensureAptPackages } from './docker/apt';
import type { InfraOptions } from './types';

/** Where Debian's `chromium` package puts the browser the console's browser tests drive (test/console). */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/**
 * The path of Debian's Chromium, installed from Debian's packages on first use (as root, like docker.io and
 * debootstrap): Playwright never downloads a browser of its own, which a closed network could not fetch anyway.
 */
export async function ensureChromium(opts: InfraOptions = {}): Promise<string> {
  if (existsSync(CHROMIUM_PATH)) return CHROMIUM_PATH;
  const env = opts.env ?? process.env;
  const log = opts.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  await ensureAptPackages({ env, log }, ['chromium'], 'chromium');
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`chromium installed, but ${CHROMIUM_PATH} is missing`);
  return CHROMIUM_PATH;
}
