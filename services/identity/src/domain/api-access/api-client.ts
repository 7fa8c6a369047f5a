import type { FieldProblem } from '@travel/errors';
import { displayNameProblems } from '../display-name';

export const CLIENT_STATUSES = ['active', 'suspended'] as const;
export type ClientStatus = (typeof CLIENT_STATUSES)[number];

/** A partner's API client: an integer id (`clientId` of `GET /me`), linked to a tenant or not. */
export interface ApiClient {
  id: number;
  name: string;
  tenantId: string | null;
  status: ClientStatus;
  createdAt: Date;
}

export interface ClientFields {
  name?: string | undefined;
  status?: string | undefined;
}

export function isClientStatus(value: string): value is ClientStatus {
  return (CLIENT_STATUSES as readonly string[]).includes(value);
}

/** Problems with the given fields (absent fields are not checked); the tenant link is checked against the store. */
export function clientFieldProblems(fields: ClientFields): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (fields.name !== undefined) problems.push(...displayNameProblems(fields.name, 'name'));
  if (fields.status !== undefined && !isClientStatus(fields.status)) {
    problems.push({ path: 'status', message: `Must be one of: ${CLIENT_STATUSES.join(', ')}.` });
  }
  return problems;
}
