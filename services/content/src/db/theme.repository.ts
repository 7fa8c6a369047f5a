import { type AuditEntry, type AuditOutbox, auditOf, withAuditEntry } from '@travel/audit';
import { insertIfAbsent, isDuplicateKeyError, modelOn } from '@travel/mongo';
import type { Connection } from 'mongoose';
import type { Theme } from '../domain/theme';
import {
  type ThemeDocument,
  type ThemeSelectionDocument,
  themeSchema,
  themeSelectionSchema,
} from './theme.schema';

export interface ThemeRepository {
  /** The entry is stored with the theme. */
  insert(theme: Theme, createdBy: string, entry: AuditEntry): Promise<void>;
  /** The owner's theme (another owner's is none). */
  findOwned(id: string, owner: string): Promise<Theme | null>;
  /** Newest first below `beforeN`. */
  list(owner: string, beforeN: number | undefined, limit: number): Promise<Theme[]>;
  /** The id of the owner's active theme, if it has one. */
  activeOf(owner: string): Promise<string | undefined>;
  /** Makes the theme the owner's active one (replacing any other); an entry, if given, is stored with the choice. */
  activate(owner: string, themeId: string, at: Date, entry?: AuditEntry): Promise<void>;
  /** Makes it the active one only if the owner has none yet; true when it did. */
  activateIfNone(owner: string, themeId: string, at: Date): Promise<boolean>;
}

export function createThemeRepository(connection: Connection, audit: AuditOutbox): ThemeRepository {
  const themes = audit.track(modelOn(connection, 'Theme', themeSchema));
  const selections = audit.track(modelOn(connection, 'ThemeSelection', themeSelectionSchema));
  return {
    async insert(theme, createdBy, entry) {
      const { id, ...fields } = theme;
      await themes.create({ ...fields, _id: id, createdBy, ...auditOf(entry) });
      audit.written();
    },
    async findOwned(id, owner) {
      const doc = await themes.findOne({ _id: id, owner }).lean<ThemeDocument>();
      return doc ? toTheme(doc) : null;
    },
    async list(owner, beforeN, limit) {
      const filter = { owner, ...(beforeN === undefined ? {} : { n: { $lt: beforeN } }) };
      const docs = await themes.find(filter).sort({ n: -1 }).limit(limit).lean<ThemeDocument[]>();
      return docs.map(toTheme);
    },
    async activeOf(owner) {
      const doc = await selections.findById(owner).lean<ThemeSelectionDocument>();
      return doc?.themeId;
    },
    async activate(owner, themeId, at, entry) {
      const change = { $set: { themeId, at } };
      const update = entry ? withAuditEntry(change, entry) : change;
      const write = () => selections.updateOne({ _id: owner }, update, { upsert: true });
      // Two first upserts of one owner can both miss and one fail with E11000; the document exists by then.
      await write().catch((error: unknown) => (isDuplicateKeyError(error) ? write() : Promise.reject(error)));
      if (entry) audit.written();
    },
    activateIfNone(owner, themeId, at) {
      return insertIfAbsent(selections, { _id: owner, themeId, at });
    },
  };
}

function toTheme(doc: ThemeDocument): Theme {
  return {
    id: doc._id,
    n: doc.n,
    owner: doc.owner,
    name: doc.name,
    colors: doc.colors,
    logoUrl: doc.logoUrl ?? undefined,
    createdAt: doc.createdAt,
  };
}
