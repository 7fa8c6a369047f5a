import { consoleIpPolicy, isConsoleAddressAllowed } from '@travel/api-keys';
import { AppError } from '@travel/errors';
import type { ConsoleIpRule } from './platform-settings';

/**
 * docs/decisions/identity-and-access.md, "Console IP rules": the administrator cannot save rules that refuse the address of the request saving them.
 * Judged on the complete rule set that would be stored.
 */
export function assertKeepsActorIn(rules: readonly ConsoleIpRule[], actorAddress: string): void {
  if (isConsoleAddressAllowed(consoleIpPolicy(rules), actorAddress)) return;
  throw new AppError(
    'conflict',
    `This change would lock your own address (${actorAddress || 'unknown'}) out of the consoles; add an allow rule for it first or remove the rule that denies it.`,
  );
}
