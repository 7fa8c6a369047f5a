import { AppError } from '@travel/errors';
import { isDuplicateKeyError, modelOn } from '@travel/mongo';
import { type ResealCount, resealEach, type Sealer } from '@travel/sealing';
import type { Connection } from 'mongoose';
import { type Customer, MAX_TRAVELLERS, type Traveller } from '../domain/customers/customer';
import { type CustomerDocument, customerSchema } from './customer.schema';
import { openTraveller, SEALED_TRAVELLER_FIELDS, sealTraveller, travellerContext } from './traveller-fields';

export interface NewCustomer {
  id: string;
  email: string;
  fullName: string;
  mobile: string | null;
  passwordHash: string;
  createdAt: Date;
}

export interface CustomerChanges {
  fullName?: string;
  mobile?: string | null;
}

export type AddTravellerResult = 'added' | 'full' | 'no_customer';

export interface CustomerRepository {
  /** A taken email is `conflict`. */
  create(customer: NewCustomer): Promise<Customer>;
  findById(id: string): Promise<Customer | null>;
  /** For the sign-in check only: the customer, its status and its password hash. */
  findCredentials(
    email: string,
  ): Promise<{ customer: Customer; active: boolean; passwordHash: string } | null>;
  /** The customer if they exist and may sign in (an active session's owner). */
  findActive(id: string): Promise<Customer | null>;
  update(id: string, changes: CustomerChanges, at: Date): Promise<Customer | null>;
  /** A rehash at sign-in: only while the stored hash is still `previous` (a password change meanwhile wins). */
  replacePasswordHash(id: string, previous: string, next: string): Promise<void>;
  travellersOf(customerId: string): Promise<Traveller[] | null>;
  /** One conditional `$push`: never more than MAX_TRAVELLERS, also when adds race. */
  addTraveller(customerId: string, traveller: Traveller, at: Date): Promise<AddTravellerResult>;
  /** False when the customer has no traveller with this id. */
  deleteTraveller(customerId: string, travellerId: string, at: Date): Promise<boolean>;
  /** Seals every traveller's document fields again under the active sealing key; counts what it did. */
  resealTravellers(): Promise<ResealCount>;
}

const NO_TRAVELLERS = { travellers: 0, passwordHash: 0 } as const;

export function createCustomerRepository(connection: Connection, sealer: Sealer): CustomerRepository {
  const model = modelOn(connection, 'Customer', customerSchema);
  return {
    async create({ id, passwordHash, ...customer }) {
      try {
        await model.create({
          _id: id,
          ...customer,
          passwordHash,
          status: 'active',
          travellers: [],
          updatedAt: customer.createdAt,
        });
      } catch (error) {
        if (isDuplicateKeyError(error))
          throw new AppError('conflict', 'An account with this email already exists; sign in instead.');
        throw error;
      }
      return { id, ...customer, updatedAt: customer.createdAt };
    },
    async findById(id) {
      const doc = await model.findById(id, NO_TRAVELLERS).lean<CustomerDocument>();
      return doc ? toCustomer(doc) : null;
    },
    async findCredentials(email) {
      const doc = await model.findOne({ email }, { travellers: 0 }).lean<CustomerDocument>();
      return doc
        ? { customer: toCustomer(doc), active: doc.status === 'active', passwordHash: doc.passwordHash }
        : null;
    },
    async findActive(id) {
      const doc = await model.findById(id, NO_TRAVELLERS).lean<CustomerDocument>();
      return doc?.status === 'active' ? toCustomer(doc) : null;
    },
    async update(id, changes, at) {
      const doc = await model
        .findOneAndUpdate(
          { _id: id },
          { $set: { ...changes, updatedAt: at } },
          { new: true, projection: NO_TRAVELLERS },
        )
        .lean<CustomerDocument>();
      return doc ? toCustomer(doc) : null;
    },
    async replacePasswordHash(id, previous, next) {
      await model.updateOne({ _id: id, passwordHash: previous }, { $set: { passwordHash: next } });
    },
    async travellersOf(customerId) {
      const doc = await model
        .findById(customerId, { travellers: 1 })
        .lean<Pick<CustomerDocument, 'travellers'>>();
      return doc ? doc.travellers.map((traveller) => openTraveller(sealer, traveller)) : null;
    },
    async addTraveller(customerId, traveller, at) {
      // The slot MAX_TRAVELLERS-1 must still be empty: the filter and the push are one atomic update.
      const { modifiedCount } = await model.updateOne(
        { _id: customerId, [`travellers.${MAX_TRAVELLERS - 1}`]: { $exists: false } },
        { $push: { travellers: sealTraveller(sealer, traveller) }, $set: { updatedAt: at } },
      );
      if (modifiedCount === 1) return 'added';
      return (await model.exists({ _id: customerId })) ? 'full' : 'no_customer';
    },
    async deleteTraveller(customerId, travellerId, at) {
      const { modifiedCount } = await model.updateOne(
        { _id: customerId, 'travellers.id': travellerId },
        { $pull: { travellers: { id: travellerId } }, $set: { updatedAt: at } },
      );
      return modifiedCount === 1;
    },
    resealTravellers() {
      return resealEach(storedDocumentFields(), {
        isCurrent: ({ value }) => sealer.isCurrent(value),
        reseal: ({ travellerId, field, value }) => sealer.reseal(value, travellerContext(travellerId, field)),
        async replace({ customerId, travellerId, field, value }, sealed) {
          const { modifiedCount } = await model.updateOne(
            { _id: customerId, travellers: { $elemMatch: { id: travellerId, [field]: value } } },
            { $set: { [`travellers.$.${field}`]: sealed } },
          );
          return modifiedCount === 1;
        },
      });
    },
  };

  /** Every stored document field of every traveller, one customer at a time. */
  async function* storedDocumentFields() {
    const cursor = model
      .find({ 'travellers.0': { $exists: true } }, { travellers: 1 })
      .lean<Pick<CustomerDocument, '_id' | 'travellers'>>()
      .cursor();
    for await (const doc of cursor)
      for (const traveller of doc.travellers)
        for (const field of SEALED_TRAVELLER_FIELDS) {
          const value = traveller[field];
          if (value) yield { customerId: doc._id, travellerId: traveller.id, field, value };
        }
  }
}

function toCustomer(doc: CustomerDocument): Customer {
  return {
    id: doc._id,
    email: doc.email,
    fullName: doc.fullName,
    mobile: doc.mobile ?? null,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}
