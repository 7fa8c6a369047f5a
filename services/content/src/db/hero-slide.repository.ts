import { type AuditEntry, type AuditOutbox, auditOf, withAuditEntry } from '@travel/audit';
import { modelOn, setAndUnset } from '@travel/mongo';
import type { Connection } from 'mongoose';
import type { HeroSlide } from '../domain/hero-slide';
import { type HeroSlideDocument, heroSlideSchema } from './hero-slide.schema';

export type HeroSlideChanges = Partial<Omit<HeroSlide, 'id' | 'n' | 'createdAt'>>;

export interface HeroSlideRepository {
  /** Each write stores its audit entry with the slide (a delete leaves a tombstone until it is relayed). */
  insert(slide: HeroSlide, entry: AuditEntry): Promise<void>;
  /** By position then creation, after the key `[position, n]`. */
  list(activeOnly: boolean, after: number[] | undefined, limit: number): Promise<HeroSlide[]>;
  update(
    id: string,
    changes: HeroSlideChanges,
    unset: string[],
    entry: AuditEntry,
  ): Promise<HeroSlide | null>;
  delete(id: string, entry: AuditEntry): Promise<boolean>;
}

export function createHeroSlideRepository(connection: Connection, audit: AuditOutbox): HeroSlideRepository {
  const model = audit.track(modelOn(connection, 'HeroSlide', heroSlideSchema));
  return {
    async insert(slide, entry) {
      const { id, ...fields } = slide;
      await model.create({ ...fields, _id: id, ...auditOf(entry) });
      audit.written();
    },
    async list(activeOnly, after, limit) {
      const [position, n] = after ?? [];
      const filter = {
        ...(activeOnly ? { active: true } : {}),
        ...(position === undefined || n === undefined
          ? {}
          : { $or: [{ position: { $gt: position } }, { position, n: { $gt: n } }] }),
      };
      const docs = await model
        .find(filter)
        .sort({ position: 1, n: 1 })
        .limit(limit)
        .lean<HeroSlideDocument[]>();
      return docs.map(toSlide);
    },
    async update(id, changes, unset, entry) {
      const doc = await model
        .findOneAndUpdate({ _id: id }, withAuditEntry(setAndUnset(changes, unset), entry), {
          returnDocument: 'after',
        })
        .lean<HeroSlideDocument>();
      if (doc) audit.written();
      return doc ? toSlide(doc) : null;
    },
    async delete(id, entry) {
      return (await audit.tombstone(model, { _id: id }, entry)) !== null;
    },
  };
}

function toSlide(doc: HeroSlideDocument): HeroSlide {
  return {
    id: doc._id,
    n: doc.n,
    title: doc.title,
    imageUrl: doc.imageUrl,
    linkUrl: doc.linkUrl ?? undefined,
    position: doc.position,
    active: doc.active,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}
