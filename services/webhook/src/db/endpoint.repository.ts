import { insertIfAbsent, modelOn } from '@travel/mongo';
import type { Connection } from 'mongoose';
import type { EndpointOwner } from '../domain/caller';
import type { Endpoint, RetiringSecret } from '../domain/endpoints/endpoint';
import type { EventType } from '../domain/event-types';
import {
  type EndpointChangesDocument,
  type EndpointDocument,
  type EndpointSlotDocument,
  endpointChangesSchema,
  endpointSchema,
  endpointSlotSchema,
} from './endpoint.schema';

/** A slot whose endpoint never appeared is a crashed registration's after this long, and is freed. */
const ORPHAN_SLOT_MS = 60_000;
const CHANGES_ID = 'endpoints';

export interface EndpointRepository {
  /** Takes a free slot of the client (1..limit) for a new endpoint; null when all are taken. */
  claimSlot(clientId: number, endpointId: string, limit: number, now: Date): Promise<number | null>;
  /** Stores the endpoint, then counts the change (after it, so a cache loaded since sees the endpoint). */
  insert(endpoint: Endpoint, slot: number): Promise<void>;
  /** Any client's endpoint: for delivery, which works for every client. */
  find(id: string): Promise<Endpoint | undefined>;
  /** The endpoint when it is the owner's (its client and environment in the filter). */
  findOwned(owner: EndpointOwner, id: string): Promise<Endpoint | undefined>;
  /** Deletes the owner's endpoint, frees its slot, then counts the change; false when the owner has none. */
  remove(owner: EndpointOwner, id: string): Promise<boolean>;
  /**
   * Changes the owner's endpoint (its client and environment in the filter), then counts the change; the
   * endpoint as changed, or undefined when the owner has none by this id.
   */
  update(owner: EndpointOwner, id: string, changes: EndpointChanges): Promise<Endpoint | undefined>;
  ofClient(clientId: number): Promise<Endpoint[]>;
  /** The owner's endpoints, in its environment only. */
  ofOwner(owner: EndpointOwner): Promise<Endpoint[]>;
  ofTenant(tenantId: string): Promise<Endpoint[]>;
  /** How many endpoint changes have been stored (0 before the first). */
  changeVersion(): Promise<number>;
  /**
   * Every endpoint's id and secrets as stored (for the re-seal command): its current secret, and each secret a
   * rotation left signing (`retiring`).
   */
  storedSecrets(): Promise<{ id: string; sealedSecret: string; retiring: boolean }[]>;
  /** Puts `to` in place of the stored secret (or of that retiring one) only while it is still `from`. */
  replaceSecret(id: string, from: string, to: string, retiring?: boolean): Promise<boolean>;
  /** Active endpoints in id order, `count` at most after the id `afterId` (the auto-disable job's pass, in batches). */
  active(afterId: string | undefined, count: number): Promise<Endpoint[]>;
  /**
   * Disables an active endpoint whose status has not changed since `statusChangedAt` (a re-enable or another
   * replica's disable in between wins), owing its tenant's staff a notice; counts the change. True if it did.
   */
  disable(id: string, statusChangedAt: Date | null, reason: string, now: Date): Promise<boolean>;
  /** Enables the owner's endpoint (if disabled) from `now` on, and counts the change; undefined: none such. */
  enable(owner: EndpointOwner, id: string, now: Date): Promise<Endpoint | undefined>;
  /** Disabled endpoints whose staff notice is still owed, in id order, `count` at most after `afterId`. */
  owingNotice(afterId: string | undefined, count: number): Promise<Endpoint[]>;
  /** The notice of the disable at `statusChangedAt` was handed over (a later disable owes its own). */
  noticeSent(id: string, statusChangedAt: Date): Promise<void>;
  /**
   * A rotation: the owner's endpoint gets `to`'s secrets only while its secret is still `from` (two rotations at
   * once: one wins, the other finds it changed), then the change is counted so every cache signs with them.
   * Answers the endpoint as it is now, or undefined when the owner has no such endpoint or it changed.
   */
  rotateSecret(
    owner: EndpointOwner,
    id: string,
    from: string,
    to: { sealedSecret: string; retiringSecrets: RetiringSecret[] },
  ): Promise<Endpoint | undefined>;
}

/** What `PATCH /webhooks/{id}` may change. */
export type EndpointChanges = Partial<Pick<Endpoint, 'url' | 'events' | 'status' | 'statusChangedAt'>>;

export function createEndpointRepository(connection: Connection): EndpointRepository {
  const endpoints = modelOn(connection, 'WebhookEndpoint', endpointSchema);
  const slots = modelOn(connection, 'WebhookEndpointSlot', endpointSlotSchema);
  const changes = modelOn(connection, 'WebhookEndpointChanges', endpointChangesSchema);
  const slotId = (clientId: number, slot: number) => `${clientId}:${slot}`;
  // An upsert on `_id` equality: MongoDB retries the insert of concurrent first upserts itself.
  const countChange = () =>
    changes.updateOne({ _id: CHANGES_ID }, { $inc: { version: 1 } }, { upsert: true });

  const tryClaim = (clientId: number, slot: number, endpointId: string, now: Date) =>
    insertIfAbsent(slots, { _id: slotId(clientId, slot), clientId, endpointId, claimedAt: now });

  /** Frees slots whose endpoint is gone (a crash between the two writes of a registration or a delete). */
  async function freeOrphans(clientId: number, now: Date): Promise<boolean> {
    const held = await slots.find({ clientId }).lean<EndpointSlotDocument[]>();
    const alive = new Set((await endpoints.find({ clientId }).lean<EndpointDocument[]>()).map((e) => e._id));
    const orphans = held.filter(
      (slot) => !alive.has(slot.endpointId) && now.getTime() - slot.claimedAt.getTime() > ORPHAN_SLOT_MS,
    );
    await Promise.all(orphans.map((slot) => slots.deleteOne({ _id: slot._id })));
    return orphans.length > 0;
  }

  return {
    async claimSlot(clientId, endpointId, limit, now) {
      for (let round = 0; round < 2; round++) {
        for (let slot = 1; slot <= limit; slot++)
          if (await tryClaim(clientId, slot, endpointId, now)) return slot;
        if (!(await freeOrphans(clientId, now))) return null;
      }
      return null;
    },
    async insert(endpoint, slot) {
      const { id, sealedSecret, retiringSecrets, ...fields } = endpoint;
      await endpoints.create({
        _id: id,
        slot,
        ...fields,
        secret: sealedSecret,
        retiringSecrets: retiringSecrets.map(storedRetiring),
      });
      await countChange();
    },
    async find(id) {
      const doc = await endpoints.findById(id).lean<EndpointDocument>();
      return doc ? toEndpoint(doc) : undefined;
    },
    async findOwned(owner, id) {
      const doc = await endpoints.findOne({ _id: id, ...owner }).lean<EndpointDocument>();
      return doc ? toEndpoint(doc) : undefined;
    },
    async remove(owner, id) {
      const doc = await endpoints.findOneAndDelete({ _id: id, ...owner }).lean<EndpointDocument>();
      if (doc) await slots.deleteOne({ _id: slotId(doc.clientId, doc.slot) });
      await countChange();
      return doc !== null;
    },
    async update(owner, id, changes) {
      const doc = await endpoints
        .findOneAndUpdate({ _id: id, ...owner }, { $set: changes }, { new: true })
        .lean<EndpointDocument>();
      if (doc) await countChange();
      return doc ? toEndpoint(doc) : undefined;
    },
    async ofClient(clientId) {
      return (await endpoints.find({ clientId }).lean<EndpointDocument[]>()).map(toEndpoint);
    },
    async ofOwner(owner) {
      return (await endpoints.find({ ...owner }).lean<EndpointDocument[]>()).map(toEndpoint);
    },
    async ofTenant(tenantId) {
      return (await endpoints.find({ tenantId }).lean<EndpointDocument[]>()).map(toEndpoint);
    },
    async changeVersion() {
      return (await changes.findById(CHANGES_ID).lean<EndpointChangesDocument>())?.version ?? 0;
    },
    async storedSecrets() {
      const docs = await endpoints
        .find({}, { secret: 1, retiringSecrets: 1 })
        .lean<Pick<EndpointDocument, '_id' | 'secret' | 'retiringSecrets'>[]>();
      return docs.flatMap((doc) => [
        { id: doc._id, sealedSecret: doc.secret, retiring: false },
        ...(doc.retiringSecrets ?? []).map(({ secret }) => ({
          id: doc._id,
          sealedSecret: secret,
          retiring: true,
        })),
      ]);
    },
    async replaceSecret(id, from, to, retiring = false) {
      const changed = retiring
        ? await endpoints.updateOne(
            { _id: id, 'retiringSecrets.secret': from },
            { $set: { 'retiringSecrets.$.secret': to } },
          )
        : await endpoints.updateOne({ _id: id, secret: from }, { $set: { secret: to } });
      return changed.modifiedCount === 1;
    },
    async active(afterId, count) {
      const docs = await endpoints
        .find({ status: 'active', ...(afterId === undefined ? {} : { _id: { $gt: afterId } }) })
        .sort({ _id: 1 })
        .limit(count)
        .lean<EndpointDocument[]>();
      return docs.map(toEndpoint);
    },
    async disable(id, statusChangedAt, reason, now) {
      const changed = await endpoints.updateOne(
        { _id: id, status: 'active', statusChangedAt },
        { $set: { status: 'disabled', disabledReason: reason, statusChangedAt: now, notice: 'pending' } },
      );
      if (changed.modifiedCount === 0) return false;
      await countChange();
      return true;
    },
    async enable(owner, id, now) {
      const changed = await endpoints.updateOne(
        { _id: id, ...owner, status: 'disabled' },
        {
          $set: { status: 'active', disabledReason: null, statusChangedAt: now, enabledAt: now },
          $unset: { notice: 1 },
        },
      );
      if (changed.modifiedCount > 0) await countChange();
      const doc = await endpoints.findOne({ _id: id, ...owner }).lean<EndpointDocument>();
      return doc ? toEndpoint(doc) : undefined;
    },
    async owingNotice(afterId, count) {
      const docs = await endpoints
        .find({
          status: 'disabled',
          notice: 'pending',
          ...(afterId === undefined ? {} : { _id: { $gt: afterId } }),
        })
        .sort({ _id: 1 })
        .limit(count)
        .lean<EndpointDocument[]>();
      return docs.map(toEndpoint);
    },
    async noticeSent(id, statusChangedAt) {
      await endpoints.updateOne(
        { _id: id, statusChangedAt, notice: 'pending' },
        { $set: { notice: 'sent' } },
      );
    },
    async rotateSecret(owner, id, from, to) {
      const doc = await endpoints
        .findOneAndUpdate(
          { _id: id, ...owner, secret: from },
          { $set: { secret: to.sealedSecret, retiringSecrets: to.retiringSecrets.map(storedRetiring) } },
          { new: true },
        )
        .lean<EndpointDocument>();
      if (!doc) return undefined;
      await countChange();
      return toEndpoint(doc);
    },
  };
}

const storedRetiring = ({ sealedSecret, expiresAt }: RetiringSecret) => ({ secret: sealedSecret, expiresAt });

function toEndpoint(doc: EndpointDocument): Endpoint {
  return {
    id: doc._id,
    clientId: doc.clientId,
    tenantId: doc.tenantId ?? null,
    environment: doc.environment,
    url: doc.url,
    events: doc.events as EventType[],
    status: doc.status,
    sealedSecret: doc.secret,
    retiringSecrets: (doc.retiringSecrets ?? []).map(({ secret, expiresAt }) => ({
      sealedSecret: secret,
      expiresAt,
    })),
    disabledReason: doc.disabledReason ?? null,
    statusChangedAt: doc.statusChangedAt ?? null,
    createdAt: doc.createdAt,
    ...(doc.enabledAt ? { enabledAt: doc.enabledAt } : {}),
  };
}
