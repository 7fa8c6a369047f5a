import { Schema } from 'mongoose';

/**
 * A saved traveller, embedded in its customer: the limit of 20 is one conditional `$push`. `dateOfBirth` and
 * `passportNumber` are sealed (db/traveller-fields.ts).
 */
export interface TravellerDocument {
  id: string;
  firstName: string;
  lastName: string;
  dateOfBirth: string | null;
  passportNumber: string | null;
  createdAt: Date;
}

/** A storefront customer: `_id` is `cus_<n>`. */
export interface CustomerDocument {
  _id: string;
  /** Lower-cased and trimmed. */
  email: string;
  fullName: string;
  mobile: string | null;
  /** `scrypt$N$r$p$<salt>$<hash>`; never leaves the repository except for the sign-in check. */
  passwordHash: string;
  status: 'active' | 'disabled';
  travellers: TravellerDocument[];
  createdAt: Date;
  updatedAt: Date;
}

const travellerSchema = new Schema<TravellerDocument>(
  {
    id: { type: String, required: true },
    firstName: { type: String, required: true },
    lastName: { type: String, required: true },
    dateOfBirth: { type: String, default: null },
    passportNumber: { type: String, default: null },
    createdAt: { type: Date, required: true },
  },
  { _id: false },
);

export const customerSchema = new Schema<CustomerDocument>(
  {
    _id: { type: String, required: true },
    email: { type: String, required: true },
    fullName: { type: String, required: true },
    mobile: { type: String, default: null },
    passwordHash: { type: String, required: true },
    status: { type: String, required: true, enum: ['active', 'disabled'] },
    travellers: { type: [travellerSchema], default: [] },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  { collection: 'customers', versionKey: false },
);
// Serves sign-in by email; unique, so two registrations of one email race safely (one gets `conflict`).
customerSchema.index({ email: 1 }, { unique: true });
