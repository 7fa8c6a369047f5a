/**
 * The role-menu rights: the internal API's permission ids, plus `blogs` (docs/decisions/content.md: the blog
 * routes need an admin token with this right) and `events` (parked events, platform staff only). A role
 * is a set of these.
 */
export const RIGHTS = [
  'audit',
  'api-access',
  'api-console',
  'newsletters',
  'discounts',
  'offers',
  'vouchers',
  'tenants',
  'settings',
  'suppliers',
  'pricing',
  'hero-carousel',
  'bookings',
  'billing',
  'blogs',
  // Parked events of every consumer group (list, replay, discard): platform staff only (docs/access.md).
  'events',
] as const;

export type Right = (typeof RIGHTS)[number];

export function isRight(value: string): value is Right {
  return (RIGHTS as readonly string[]).includes(value);
}
