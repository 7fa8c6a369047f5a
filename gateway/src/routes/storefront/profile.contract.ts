import { z } from 'zod';
import { defineOperations } from '../../openapi/contract';
import { pastDayAfter1900 } from '../common/calendar-rules';
import { DeletedBody } from '../common/internal-components';
import { dataOf } from '../common/partner-contract/operations';
import { CustomerBody } from './customer-auth.contract';

// The profile and traveller routes' schemas (profile.routes.ts validates with them); their words are in
// internal.texts.yaml. As for sign-in, the gateway checks every rule the request decides (the mobile pattern,
// names not blank, a date of birth that is a real past day after 1900, the passport's characters) and
// identity checks them again.

/** A profile's mobile: as at sign-up, or empty. */
const OPTIONAL_MOBILE = /^(\+?([0-9][ -]?){6,14}[0-9])?$/;

export const Traveller = z.strictObject({
  id: z.string().regex(/^trv_/),
  firstName: z.string(),
  lastName: z.string(),
  dateOfBirth: z.string().meta({ format: 'date' }).nullable(),
  passportNumber: z
    .string()
    .regex(/^\*+[A-Z0-9]{0,4}$/)
    .nullable()
    .meta({ description: 'Masked but for the last 4 characters; the full number is never returned.' }),
  createdAt: z.iso.datetime(),
});

export const updateProfileBody = z.strictObject({
  fullName: z.string().min(1).max(200).optional(),
  mobile: z
    .string()
    .max(30)
    .regex(OPTIONAL_MOBILE, 'must be 7 to 15 digits, optionally starting with +, or empty')
    .nullable()
    .optional()
    .meta({
      description:
        '7 to 15 digits, optional leading +, single spaces or dashes between digits; null removes it.',
    }),
});

const personName = z
  .string()
  .min(1)
  .max(100)
  .regex(/\S/, 'must not be blank')
  .meta({ description: 'Trimmed; not blank.' });

export const addTravellerBody = z.strictObject({
  firstName: personName,
  lastName: personName,
  dateOfBirth: pastDayAfter1900.meta({ format: 'date', 'x-rule': 'a past date after 1900' }).optional(),
  passportNumber: z
    .string()
    .regex(/^[A-Za-z0-9]{5,20}$/, 'must be 5 to 20 letters and digits')
    .optional(),
});

const travellerIdParams = z.object({
  id: z.string().meta({ description: "The traveller's id (`trv_…`).", examples: ['trv_Jx2mQ9rTn4wZ8bKe'] }),
});

/** At most 20 travellers, so one page always holds them all. */
const TravellerList = z.strictObject({
  data: z.array(Traveller).max(20),
  hasMore: z.literal(false),
  nextCursor: z.null(),
});

export const profileContract = {
  operations: defineOperations({
    getProfile: { method: 'get', path: '/profile', responses: { '200': CustomerBody } },
    updateProfile: {
      method: 'put',
      path: '/profile',
      body: updateProfileBody,
      bodyRequired: true,
      responses: { '200': CustomerBody },
    },
    listTravellers: { method: 'get', path: '/travellers', responses: { '200': TravellerList } },
    addTraveller: {
      method: 'post',
      path: '/travellers',
      body: addTravellerBody,
      bodyRequired: true,
      responses: { '201': dataOf(Traveller) },
    },
    deleteTraveller: {
      method: 'delete',
      path: '/travellers/{id}',
      params: travellerIdParams,
      responses: { '200': DeletedBody },
    },
  }),
  components: { Traveller },
  responses: { Customer: CustomerBody },
};
