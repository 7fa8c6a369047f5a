import { parseAllowListEntry } from '@travel/api-keys';
import { z } from 'zod';

/**
 * An IPv4 or IPv6 address or CIDR range (a key's allow list, a console IP rule), checked here beside every other
 * field of the body with the parser identity and the access checks use (@travel/api-keys); identity checks it
 * again before it stores one.
 */
export function ipRange(message: string) {
  return z
    .string()
    .min(1)
    .max(64)
    .refine((value) => parseAllowListEntry(value) !== undefined, { error: message })
    .meta({ 'x-rule': 'an IPv4 or IPv6 address or CIDR' });
}
