import type { DirectoryRules } from './directory-use-cases';
import type { Approver } from './records';

export interface ApproverInput {
  name: string;
  email: string;
  approvalLimit?: number;
}
export interface ApproverPatch {
  name?: string;
  email?: string;
  /** null removes the limit. */
  approvalLimit?: number | null;
}

/** An approver: a person (name, email unique in the tenant) who approves employees' trips up to a limit. */
export const approverRules: DirectoryRules<Approver, ApproverInput, ApproverPatch> = {
  kind: { type: 'approver', label: 'approver' },
  guardedDelete: true,
  build: ({ name, email, approvalLimit }) => ({
    name,
    email: email.toLowerCase(),
    approvalLimit: approvalLimit ?? null,
  }),
  merge: (current, patch) => ({
    name: patch.name ?? current.name,
    email: patch.email?.toLowerCase() ?? current.email,
    approvalLimit: patch.approvalLimit === undefined ? current.approvalLimit : patch.approvalLimit,
  }),
};
