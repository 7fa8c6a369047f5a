import { modelOn, setAndUnset } from '@travel/mongo';
import type { Connection } from 'mongoose';
import type { HeroSlide } from '../domain/hero-slide';
import { type HeroSlideDocument, heroSlideSchema } from './hero-slide.schema';

export type HeroSlideChanges = Partial<Omit<HeroSlide, 'id' | 'n' | 'createdAt'>>;

export interface HeroSlideRepository {
  insert(slide: HeroSlide): Promise<void>;
  /** By position then creation, after the key `[position, n]`. */
  list(activeOnly: boolean, after: number[] | undefined, limit: number): Promise<HeroSlide[]>;
  update(id: string, changes: HeroSlideChanges, unset: string[]): Promise<HeroSlide | null>;
  delete(id: string): Promise<boolean>;
}

export function createHeroSlideRepository(connection: Connection): HeroSlideRepository {
  const model = modelOn(connection, 'HeroSlide', heroSlideSchema);
  return {
    async insert(slide) {
      const { id, ...fields } = slide;
      await model.create({ ...fields, _id: id });
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
    async update(id, changes, unset) {
      const doc = await model
        .findOneAndUpdate({ _id: id }, setAndUnset(changes, unset), { returnDocument: 'after' })
        .lean<HeroSlideDocument>();
      return doc ? toSlide(doc) : null;
    },
    async delete(id) {
      const { deletedCount } = await model.deleteOne({ _id: id });
      return deletedCount === 1;
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
