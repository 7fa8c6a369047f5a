import type { DirectoryRules } from './directory-use-cases';
import type { CostCenter } from './records';

export interface CostCenterInput {
  code: string;
  name: string;
  description?: string;
}
export type CostCenterPatch = Partial<CostCenterInput>;

/** A cost centre: a code unique in the tenant (case-insensitive) and a name; deleting one in use is `conflict`. */
export const costCenterRules: DirectoryRules<CostCenter, CostCenterInput, CostCenterPatch> = {
  kind: { type: 'cost_center', label: 'cost centre' },
  guardedDelete: true,
  build: ({ code, name, description }) => ({ code, name, description: description || null }),
  merge: (current, patch) => ({
    code: patch.code ?? current.code,
    name: patch.name ?? current.name,
    description: patch.description === undefined ? current.description : patch.description || null,
  }),
};
