import { signatureHeader } from '../../../services/webhook/src/domain/endpoints/signature';
import {
  constructWebhookEvent,
  signWebhookPayload,
  verifyWebhookSignature,
  WebhookSignatureError,
} from './webhooks';

const secret = 'whsec_ABCDEFGHIJKLMNOPQRSTUVWXYZabcdef';
const payload =
  '{"id":"evt_1","type":"booking.created","created":"2026-11-21T10:00:00.000Z","livemode":true,"data":{"id":"bkg_1"}}';
const at = new Date('2026-11-21T10:00:00.000Z');

function failure(run: () => void) {
  try {
    run();
  } catch (error) {
    if (error instanceof WebhookSignatureError) return error.reason;
    throw error;
  }
  return 'accepted';
}

describe('webhook signature verifier', () => {
  it('accepts the header the webhook service signs a delivery with, and parses the event', () => {
    const signature = signatureHeader(secret, payload, at);
    expect(failure(() => verifyWebhookSignature({ payload, signature, secret, now: at }))).toBe('accepted');
    expect(
      constructWebhookEvent({ payload: Buffer.from(payload), signature, secret, now: at }),
    ).toMatchObject({
      id: 'evt_1',
      type: 'booking.created',
    });
    expect(signWebhookPayload(secret, payload, at)).toBe(signature);
  });

  it('refuses another secret, a changed body, and a body re-serialised with other whitespace', () => {
    const signature = signatureHeader(secret, payload, at);
    expect(failure(() => verifyWebhookSignature({ payload, signature, secret: `${secret}x`, now: at }))).toBe(
      'signature_mismatch',
    );
    const changed = payload.replace('bkg_1', 'bkg_2');
    expect(failure(() => verifyWebhookSignature({ payload: changed, signature, secret, now: at }))).toBe(
      'signature_mismatch',
    );
    const reserialised = JSON.stringify(JSON.parse(payload), null, 1);
    expect(failure(() => verifyWebhookSignature({ payload: reserialised, signature, secret, now: at }))).toBe(
      'signature_mismatch',
    );
  });

  it('accepts a signed time within the tolerance either way and refuses one outside it', () => {
    const signature = signatureHeader(secret, payload, at);
    const later = (seconds: number) => new Date(at.getTime() + seconds * 1000);
    const verify = (now: Date, toleranceSeconds?: number) =>
      failure(() => verifyWebhookSignature({ payload, signature, secret, now, toleranceSeconds }));
    expect(verify(later(300))).toBe('accepted');
    expect(verify(later(-300))).toBe('accepted');
    expect(verify(later(301))).toBe('timestamp_outside_tolerance');
    expect(verify(later(-301))).toBe('timestamp_outside_tolerance');
    expect(verify(later(30), 10)).toBe('timestamp_outside_tolerance');
  });

  it('refuses a missing or malformed header, and a signature whose time was changed', () => {
    const verify = (signature: string | undefined) =>
      failure(() => verifyWebhookSignature({ payload, signature, secret, now: at }));
    const good = signatureHeader(secret, payload, at);
    const v1 = good.split(',v1=')[1];
    expect(verify(undefined)).toBe('missing_signature');
    expect(verify('')).toBe('missing_signature');
    expect(verify(`v1=${v1}`)).toBe('malformed_signature');
    expect(verify(`t=${at.getTime() / 1000}`)).toBe('malformed_signature');
    expect(verify(`t=${at.getTime() / 1000},v1=${v1?.slice(2)}`)).toBe('malformed_signature');
    expect(verify(`t=${at.getTime() / 1000 + 1},v1=${v1}`)).toBe('signature_mismatch');
  });

  it('accepts the header when one of several v1 signatures matches', () => {
    const other = signatureHeader('whsec_other', payload, at).split(',')[1];
    const good = signatureHeader(secret, payload, at);
    expect(
      failure(() => verifyWebhookSignature({ payload, signature: `${good},${other}`, secret, now: at })),
    ).toBe('accepted');
    expect(
      failure(() =>
        verifyWebhookSignature({ payload, signature: `t=${at.getTime() / 1000},${other}`, secret, now: at }),
      ),
    ).toBe('signature_mismatch');
  });

  it('verifies every delivery of a rotation overlap with the old secret, the new one, or both, and after it only the new', () => {
    const next = 'whsec_NEWNEWNEWNEWNEWNEWNEWNEWNEWNEWNE';
    const during = signatureHeader([next, secret], payload, at);
    expect(during.split(',').filter((part) => part.startsWith('v1='))).toHaveLength(2);
    for (const held of [secret, next, [secret, next], [next, secret]])
      expect(
        failure(() => verifyWebhookSignature({ payload, signature: during, secret: held, now: at })),
      ).toBe('accepted');
    const after = signatureHeader([next], payload, at);
    expect(
      failure(() => verifyWebhookSignature({ payload, signature: after, secret: [next, secret], now: at })),
    ).toBe('accepted');
    expect(failure(() => verifyWebhookSignature({ payload, signature: after, secret, now: at }))).toBe(
      'signature_mismatch',
    );
    expect(() => verifyWebhookSignature({ payload, signature: after, secret: [], now: at })).toThrow(
      TypeError,
    );
  });
});
