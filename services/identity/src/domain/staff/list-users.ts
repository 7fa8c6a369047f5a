import { type PageQuery, readPage } from '@travel/paging';
import type { StaffUserRepository } from '../../db/staff-user.repository';
import { DIRECTORY_PAGE, directoryCursors } from '../directory-pages';
import type { StaffActor } from './staff';
import { isPlatformActor } from './staff-scope';

/** One page of the staff users, oldest first: every user for platform staff, their own tenant's for tenant staff. */
export function createListUsers({ users }: { users: StaffUserRepository }) {
  return function listUsers(actor: StaffActor, page: PageQuery) {
    const filter = isPlatformActor(actor) ? {} : { tenantId: actor.tenantId ?? null };
    return readPage(
      page,
      directoryCursors.users,
      (after, count) => users.list(filter, after, count),
      (user) => ({ at: user.createdAt.getTime(), id: user.id }),
      DIRECTORY_PAGE,
    );
  };
}
