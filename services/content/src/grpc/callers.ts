import type { caller as callerContract } from '@travel/contracts';
import { AppError } from '@travel/errors';
import { requireCallerOf, requireRight } from '@travel/grpc';
import { PLATFORM } from '../domain/theme';

type Wire = callerContract.Caller | undefined;

/** Blogs and hero slides are the platform's: its staff with the editing right (`blogs`, `hero-carousel`). */
export function editorOf(wire: Wire, right: string) {
  const staff = requireCallerOf(wire, 'platform-staff');
  requireRight(staff, right);
  return staff;
}

/**
 * Whose themes a staff call reaches: tenant staff their own tenant's (naming another tenant is `not_found`,
 * as at the gateway); platform staff the tenant they name, or the platform's own.
 */
export function themeOwnerOf(wire: Wire, asked: string | undefined): { owner: string; userId: string } {
  const staff = requireCallerOf(wire, 'platform-staff', 'tenant-staff');
  if (staff.kind === 'platform-staff') return { owner: asked ?? PLATFORM, userId: staff.userId };
  if (asked !== undefined && asked !== staff.tenantId)
    throw new AppError('not_found', `No tenant with id ${asked}.`);
  return { owner: staff.tenantId, userId: staff.userId };
}
