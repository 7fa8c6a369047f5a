import { AppError } from '@travel/errors';
import { documented } from '@travel/testkit';
import { validate } from '../../http/validate';
import { fingerprintOf, isBookingId, listBookingsQuery, readCreateBooking } from './booking-requests';

const KEY = 'b7f8c2d4-1e3a-4c5b-9d6e-0f1a2b3c4d5e';
const body = {
  offerToken: 'ot2.claims.proof.signature',
  contact: { name: ' Asha Rao ', email: 'asha@example.com', phone: '+91 98450 12345' },
  travellers: [{ firstName: 'Asha', lastName: 'Rao' }],
  reference: 'PO-1042',
};

/** The AppError a call throws, as `{ code, details }`. */
function failureOf(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, details: error.details };
    throw error;
  }
  throw new Error('expected a failure');
}
const pathsOf = (run: () => unknown) => failureOf(run).details?.map((problem) => problem.path);

describe('readCreateBooking', () => {
  it('when key and body are valid, then they pass with trimmed names and the body fingerprint', () => {
    const input = readCreateBooking(KEY, body);
    expect(input.idempotencyKey).toBe(KEY);
    expect(input.body.contact.name).toBe('Asha Rao');
    expect(input.requestFingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(input.requestFingerprint).toBe(fingerprintOf(body));
  });

  it('when only the offer token and contact are sent, then travellers, phone and reference stay absent', () => {
    const input = readCreateBooking(KEY, { offerToken: 't', contact: { name: 'A', email: 'a@b.in' } });
    expect(input.body).toEqual({ offerToken: 't', contact: { name: 'A', email: 'a@b.in' } });
  });

  it.each([undefined, ''])('when the key is %p, then 400 idempotency_key_required', (header) => {
    documented('gateway/openapi/partner.texts.yaml', 'No key: `400 idempotency_key_required`.');
    documented(
      'gateway/openapi/partner.texts.yaml',
      '`idempotency_key_required`: the `Idempotency-Key` header is missing (or empty);',
    );
    expect(failureOf(() => readCreateBooking(header, body))).toEqual({
      code: 'idempotency_key_required',
      details: null,
    });
  });

  it.each([
    ['7 characters', 'a'.repeat(7)],
    ['101 characters', 'a'.repeat(101)],
    ['a space', 'abcd efgh'],
    ['non-ASCII', 'clé-de-réessai'],
  ])('when the key has %s, then 400 bad_request on Idempotency-Key', (_case, header) => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      'A key that is too short, too long or has spaces or non-ASCII characters: `400 bad_request` with a `details` entry for `Idempotency-Key`.',
    );
    expect(failureOf(() => readCreateBooking(header, body))).toEqual({
      code: 'bad_request',
      details: [{ path: 'Idempotency-Key', message: expect.any(String) }],
    });
  });

  it('when the key is 8 or 100 visible characters, then it passes', () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      '**Idempotency.** Every request needs an `Idempotency-Key` header: 8 to 100 visible ASCII characters (a UUID is suitable), one per logical booking attempt, reused for every retry of that attempt.',
    );
    documented(
      'docs/idempotency.md',
      'A key is 8 to 100 visible ASCII characters (a UUID fits), chosen by the caller once per logical attempt and sent again on every retry of that attempt.',
    );
    expect(readCreateBooking('a'.repeat(8), body).idempotencyKey).toHaveLength(8);
    expect(readCreateBooking('~'.repeat(100), body).idempotencyKey).toHaveLength(100);
  });

  it('when the key and several fields are wrong, then one 400 lists each of them', () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      '`400 bad_request` lists one `details` entry per failing field (`offerToken`, `contact.name`, `contact.email`, `travellers.2.lastName`, `reference`, `Idempotency-Key`, ...).',
    );
    documented(
      'gateway/openapi/partner.texts.yaml',
      '`bad_request`: validation failed (`details` lists each failing field), or the body is not JSON.',
    );
    documented(
      'gateway/openapi/partner.texts.yaml',
      '`bad_request`: the key or the body is invalid; `details` lists each failing field (the key as `Idempotency-Key`), or the body is not JSON.',
    );
    const bad = {
      offerToken: '',
      contact: { name: '  ', email: 'not-an-email', phone: 'x'.repeat(41) },
      travellers: [
        { firstName: 'A', lastName: 'B' },
        { firstName: 'C', lastName: ' ' },
      ],
      reference: 'r'.repeat(81),
      extra: true,
    };
    expect(pathsOf(() => readCreateBooking('short', bad))?.sort()).toEqual(
      [
        'Idempotency-Key',
        'offerToken',
        'contact.name',
        'contact.email',
        'contact.phone',
        'travellers.1.lastName',
        'reference',
        'body',
      ].sort(),
    );
  });

  it('when the offer token has 4096 characters, then it passes; 4097 is 400 on offerToken', () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      'A token is about 1 KB; booking takes up to 4096 characters.',
    );
    const token = (length: number) => `ot2.${'a'.repeat(length - 4)}`;
    expect(readCreateBooking(KEY, { ...body, offerToken: token(4096) }).body.offerToken).toHaveLength(4096);
    expect(pathsOf(() => readCreateBooking(KEY, { ...body, offerToken: token(4097) }))).toEqual([
      'offerToken',
    ]);
  });

  it('when 10 travellers are sent, then 400 on travellers; 9 pass', () => {
    const traveller = { firstName: 'A', lastName: 'B' };
    expect(pathsOf(() => readCreateBooking(KEY, { ...body, travellers: Array(10).fill(traveller) }))).toEqual(
      ['travellers'],
    );
    expect(
      readCreateBooking(KEY, { ...body, travellers: Array(9).fill(traveller) }).body.travellers,
    ).toHaveLength(9);
  });

  it('when the reference has 80 characters, then it passes; 81 is 400 on reference', () => {
    expect(readCreateBooking(KEY, { ...body, reference: 'r'.repeat(80) }).body.reference).toHaveLength(80);
    expect(pathsOf(() => readCreateBooking(KEY, { ...body, reference: 'r'.repeat(81) }))).toEqual([
      'reference',
    ]);
  });

  it('when contact is missing or the body is not an object, then 400', () => {
    expect(pathsOf(() => readCreateBooking(KEY, { offerToken: 't' }))).toEqual(['contact']);
    expect(pathsOf(() => readCreateBooking(KEY, [1, 2]))).toEqual(['body']);
  });
});

describe('fingerprintOf', () => {
  it('when the same JSON value comes with another key order, then the fingerprint is the same', () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      '"Same body" means the same JSON value: key order and whitespace do not matter.',
    );
    const reordered = JSON.parse(
      '{ "reference": "PO-1042", "travellers": [{ "lastName": "Rao", "firstName": "Asha" }],' +
        ' "contact": { "phone": "+91 98450 12345", "email": "asha@example.com", "name": " Asha Rao " },' +
        ' "offerToken": "ot2.claims.proof.signature" }',
    );
    expect(fingerprintOf(reordered)).toBe(fingerprintOf(body));
  });

  it('when any value differs, even only by whitespace inside a string, then the fingerprint differs', () => {
    expect(fingerprintOf({ ...body, reference: 'PO-1043' })).not.toBe(fingerprintOf(body));
    expect(fingerprintOf({ ...body, contact: { ...body.contact, name: 'Asha Rao' } })).not.toBe(
      fingerprintOf(body),
    );
  });
});

describe('listBookingsQuery', () => {
  const read = (query: Record<string, unknown>) => validate(listBookingsQuery, query, 'query');

  it('when nothing is sent, then limit is 25 and there is no cursor', () => {
    expect(read({})).toEqual({ limit: 25 });
  });

  it('when limit is 1 or 100 and a cursor is sent, then they pass', () => {
    expect(read({ limit: '1', cursor: 'abc' })).toEqual({ limit: 1, cursor: 'abc' });
    expect(read({ limit: '100' })).toEqual({ limit: 100 });
  });

  it.each(['0', '101', '-1', '2.5', 'ten', '', '1e1', ' 5'])(
    'when limit is %p, then 400 on limit',
    (limit) => {
      expect(pathsOf(() => read({ limit }))).toEqual(['limit']);
    },
  );

  it('when limit is repeated, or the cursor is empty or longer than 200, then 400 on that parameter', () => {
    expect(pathsOf(() => read({ limit: ['1', '2'] }))).toEqual(['limit']);
    expect(pathsOf(() => read({ cursor: '' }))).toEqual(['cursor']);
    expect(pathsOf(() => read({ cursor: 'c'.repeat(201) }))).toEqual(['cursor']);
  });
});

describe('isBookingId', () => {
  it.each(['bkg_1', 'bkg_000042', `bkg_${'9'.repeat(15)}`])(
    'when the id is %p, then it may be a booking',
    (id) => {
      expect(isBookingId(id)).toBe(true);
    },
  );

  it.each(['bkg_', 'bkg_12a', 'BKG_1', 'x_id', 'bkg_-1', `bkg_${'9'.repeat(16)}`])(
    'when the id is %p, then it is none',
    (id) => {
      expect(isBookingId(id)).toBe(false);
    },
  );
});
