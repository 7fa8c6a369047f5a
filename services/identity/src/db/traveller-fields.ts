import { type Sealer, sealingContext } from '@travel/sealing';
import type { Traveller } from '../domain/customers/customer';
import type { TravellerDocument } from './customer.schema';

/**
 * A traveller's identity-document fields (passport number, date of birth) are sealed at rest, each bound to
 * its traveller and field (`traveller:<trv_id>:passportNumber`); names stay in clear (every ticket and
 * booking carries them). A field stored before sealing reads as it is until re-sealed.
 */
export const SEALED_TRAVELLER_FIELDS = ['passportNumber', 'dateOfBirth'] as const;
type SealedField = (typeof SEALED_TRAVELLER_FIELDS)[number];

export const travellerContext = (travellerId: string, field: SealedField) =>
  sealingContext('traveller', travellerId, field);

export function sealTraveller(sealer: Sealer, traveller: Traveller): TravellerDocument {
  const sealed = { ...traveller };
  for (const field of SEALED_TRAVELLER_FIELDS) {
    const value = traveller[field];
    sealed[field] = value === null ? null : sealer.seal(value, travellerContext(traveller.id, field));
  }
  return sealed;
}

export function openTraveller(sealer: Sealer, doc: TravellerDocument): Traveller {
  const open = (field: SealedField) => {
    const value = doc[field] ?? null;
    return value === null ? null : sealer.openStored(value, travellerContext(doc.id, field));
  };
  return {
    id: doc.id,
    firstName: doc.firstName,
    lastName: doc.lastName,
    dateOfBirth: open('dateOfBirth'),
    passportNumber: open('passportNumber'),
    createdAt: doc.createdAt,
  };
}
