import { badRequest, type FieldProblem } from '@travel/errors';
import type { DirectoryRules } from './directory-use-cases';
import { type Policy, SERVICES, type ServiceRule } from './records';

export interface PolicyInput {
  name: string;
  description?: string;
  flight: ServiceRule;
  hotel: ServiceRule;
  car: ServiceRule;
}
export type PolicyPatch = Partial<PolicyInput>;

/**
 * A travel policy states, for each of flight, hotel and car, the most a trip may cost, the amount above which
 * the approver must approve it (at most the maximum), and for flights the cabins allowed.
 */
export const policyRules: DirectoryRules<Policy, PolicyInput, PolicyPatch> = {
  kind: { type: 'policy', label: 'policy' },
  guardedDelete: true,
  build: (input) =>
    checked({
      name: input.name,
      description: input.description || null,
      flight: input.flight,
      hotel: input.hotel,
      car: input.car,
    }),
  merge: (current, patch) =>
    checked({
      name: patch.name ?? current.name,
      description: patch.description === undefined ? current.description : patch.description || null,
      flight: patch.flight ?? current.flight,
      hotel: patch.hotel ?? current.hotel,
      car: patch.car ?? current.car,
    }),
};

function checked<P extends Pick<Policy, 'flight' | 'hotel' | 'car'>>(policy: P): P {
  const problems: FieldProblem[] = [];
  for (const service of SERVICES) {
    const rule = policy[service];
    if (rule.approvalThreshold > rule.maxAmount)
      problems.push({ path: `${service}.approvalThreshold`, message: 'Must not exceed maxAmount.' });
    if (service === 'flight' && rule.allowedCabins.length === 0)
      problems.push({ path: 'flight.allowedCabins', message: 'Allow at least one cabin.' });
    if (service !== 'flight' && rule.allowedCabins.length > 0)
      problems.push({ path: `${service}.allowedCabins`, message: 'Cabins apply to flights only.' });
  }
  if (problems.length > 0) throw badRequest(problems);
  return policy;
}
