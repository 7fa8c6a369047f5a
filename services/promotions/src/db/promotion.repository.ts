import { type AuditEntry, type AuditOutbox, auditOf, withAuditEntry } from '@travel/audit';
import { AppError } from '@travel/errors';
import { insertIfAbsent, isDuplicateKeyError, modelOn } from '@travel/mongo';
import type { Connection } from 'mongoose';
import { codeKeyOf, type Promotion, type PromotionFields, type PromotionKind } from '../domain/promotion';
import { type PromotionDocument, promotionSchemas } from './promotion.schema';

export interface PageQuery {
  /** Continue below this number (newest first). */
  beforeN?: number;
  limit: number;
}

export interface PromotionRepository {
  /** `conflict` when the voucher code is taken (case-insensitively). */
  /** Every staff write stores its audit entry with the promotion (a delete leaves a tombstone until relayed). */
  insert(promotion: Promotion, entry: AuditEntry): Promise<void>;
  findById(kind: PromotionKind, id: string): Promise<Promotion | null>;
  findByIds(kind: PromotionKind, ids: string[]): Promise<Promotion[]>;
  findVoucherByCode(code: string): Promise<Promotion | null>;
  /** The new state, or null when it is gone. `conflict` when a new code is taken. */
  update(
    kind: PromotionKind,
    id: string,
    fields: PromotionFields,
    unset: string[],
    at: Date,
    entry: AuditEntry,
  ): Promise<Promotion | null>;
  delete(kind: PromotionKind, id: string, entry: AuditEntry): Promise<boolean>;
  page(
    kind: PromotionKind,
    query: PageQuery,
    filter?: { audience?: string; ids?: string[] },
  ): Promise<Promotion[]>;
}

export function createPromotionRepository(connection: Connection, audit: AuditOutbox): PromotionRepository {
  const models = {
    discount: audit.track(modelOn(connection, 'Discount', promotionSchemas.discount)),
    offer: audit.track(modelOn(connection, 'Offer', promotionSchemas.offer)),
    voucher: audit.track(modelOn(connection, 'Voucher', promotionSchemas.voucher)),
  };
  return {
    async insert(promotion, entry) {
      const { id, ...rest } = promotion;
      const doc = { _id: id, ...rest, ...codeKey(promotion.kind, promotion.code), ...auditOf(entry) };
      if (!(await insertIfAbsent(models[promotion.kind], doc))) throw codeTaken(promotion.code);
      audit.written();
    },
    async findById(kind, id) {
      const doc = await models[kind].findById(id).lean<PromotionDocument>();
      return doc ? toPromotion(doc) : null;
    },
    async findByIds(kind, ids) {
      if (ids.length === 0) return [];
      const docs = await models[kind].find({ _id: { $in: ids } }).lean<PromotionDocument[]>();
      return docs.map(toPromotion);
    },
    async findVoucherByCode(code) {
      const doc = await models.voucher.findOne({ codeKey: codeKeyOf(code) }).lean<PromotionDocument>();
      return doc ? toPromotion(doc) : null;
    },
    async update(kind, id, fields, unset, at, entry) {
      const $set = { ...fields, ...codeKey(kind, fields.code), updatedAt: at };
      const $unset = Object.fromEntries(unset.map((key) => [key, 1]));
      try {
        const doc = await models[kind]
          .findOneAndUpdate(
            { _id: id },
            withAuditEntry({ $set, ...(unset.length ? { $unset } : {}) }, entry),
            { returnDocument: 'after' },
          )
          .lean<PromotionDocument>();
        if (doc) audit.written();
        return doc ? toPromotion(doc) : null;
      } catch (error) {
        if (isDuplicateKeyError(error)) throw codeTaken(fields.code);
        throw error;
      }
    },
    async delete(kind, id, entry) {
      return (await audit.tombstone(models[kind], { _id: id }, entry)) !== null;
    },
    async page(kind, { beforeN, limit }, filter = {}) {
      const query: Record<string, unknown> = {};
      if (beforeN !== undefined) query.n = { $lt: beforeN };
      if (filter.audience !== undefined) query.audience = filter.audience;
      if (filter.ids !== undefined) query._id = { $in: filter.ids };
      const docs = await models[kind].find(query).sort({ n: -1 }).limit(limit).lean<PromotionDocument[]>();
      return docs.map(toPromotion);
    },
  };
}

const codeKey = (kind: PromotionKind, code: string | undefined) =>
  kind === 'voucher' && code !== undefined ? { codeKey: codeKeyOf(code) } : {};

const codeTaken = (code: string | undefined) =>
  new AppError('conflict', `A voucher with the code ${code ?? ''} exists (codes ignore case).`);

function toPromotion(doc: PromotionDocument): Promotion {
  const { _id, codeKey: _key, ...rest } = doc;
  const promotion: Promotion = { id: _id, ...rest, kind: doc.kind as PromotionKind };
  // The store answers absent optional fields as missing or null; the domain sees only missing.
  for (const [key, value] of Object.entries(promotion))
    if (value === null) delete (promotion as unknown as Record<string, unknown>)[key];
  return promotion;
}
