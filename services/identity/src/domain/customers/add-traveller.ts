import { randomBytes } from 'node:crypto';
import { AppError, badRequest } from '@travel/errors';
import type { CustomerRepository } from '../../db/customer.repository';
import { MAX_TRAVELLERS, type Traveller } from './customer';
import { dateOfBirthProblems, passportProblems, personNameProblems } from './customer-fields';

export interface AddTravellerInput {
  firstName: string;
  lastName: string;
  dateOfBirth?: string | undefined;
  passportNumber?: string | undefined;
}

/** Saves a passenger for a customer; the 21st is `conflict`, also when adds race (one conditional push). */
export function createAddTraveller({ customers, now }: { customers: CustomerRepository; now: () => Date }) {
  return async function addTraveller(customerId: string, input: AddTravellerInput): Promise<Traveller> {
    const at = now();
    const problems = [
      ...personNameProblems(input.firstName, 'firstName'),
      ...personNameProblems(input.lastName, 'lastName'),
      ...dateOfBirthProblems(input.dateOfBirth, at),
      ...passportProblems(input.passportNumber),
    ];
    if (problems.length > 0) throw badRequest(problems);
    const traveller: Traveller = {
      id: `trv_${randomBytes(12).toString('base64url')}`,
      firstName: input.firstName.trim(),
      lastName: input.lastName.trim(),
      dateOfBirth: input.dateOfBirth ?? null,
      passportNumber: input.passportNumber?.toUpperCase() ?? null,
      createdAt: at,
    };
    const result = await customers.addTraveller(customerId, traveller, at);
    if (result === 'no_customer') throw new AppError('not_found', 'No such customer.');
    if (result === 'full')
      throw new AppError(
        'conflict',
        `A customer may keep at most ${MAX_TRAVELLERS} travellers; delete one first.`,
      );
    return traveller;
  };
}
