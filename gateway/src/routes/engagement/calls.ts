import type { engagement } from '@travel/contracts';
import type { Response } from 'express';
import { staffOf } from '../../http/request-context';

/** The signed-in staff member as engagement's `Actor` (a null tenant is the platform). */
export function engagementActor(res: Response): engagement.Actor {
  const staff = staffOf(res);
  return { userId: staff.userId, email: staff.email, tenantId: staff.tenantId ?? undefined };
}
