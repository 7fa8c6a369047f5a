import { readBookingRequest } from './booking-request';

const valid = {
  caller: undefined,
  idempotencyKey: 'key-12345',
  requestFingerprint: 'f'.repeat(64),
  offerToken: 'ot2.x.y.z',
  contact: { name: ' Asha ', email: 'asha@example.com' },
  travellers: [{ firstName: 'Asha', lastName: 'Rao' }],
};

const problemsOf = (change: object) => {
  try {
    readBookingRequest({ ...valid, ...change });
    return [];
  } catch (error) {
    return (error as { details: { path: string }[] }).details.map((d) => d.path);
  }
};

describe('booking request rules', () => {
  it('when the request is valid, then names are trimmed and absent options are null', () => {
    expect(readBookingRequest(valid)).toMatchObject({
      contact: { name: 'Asha', phone: null },
      reference: null,
    });
  });

  it.each([
    ['a 7-character key', { idempotencyKey: 'k'.repeat(7) }, 'Idempotency-Key'],
    ['a 101-character key', { idempotencyKey: 'k'.repeat(101) }, 'Idempotency-Key'],
    ['a key with a space', { idempotencyKey: 'key 12345' }, 'Idempotency-Key'],
    ['no token', { offerToken: '' }, 'offerToken'],
    ['a blank contact name', { contact: { name: '  ', email: 'a@b.co' } }, 'contact.name'],
    ['an email without a domain dot', { contact: { name: 'A', email: 'a@b' } }, 'contact.email'],
    ['10 travellers', { travellers: Array(10).fill({ firstName: 'A', lastName: 'B' }) }, 'travellers'],
    [
      'a traveller without a last name',
      { travellers: [{ firstName: 'A', lastName: ' ' }] },
      'travellers.0.lastName',
    ],
    ['an 81-character reference', { reference: 'r'.repeat(81) }, 'reference'],
  ])('when it has %s, then that field is named', (_name, change, path) => {
    expect(problemsOf(change)).toEqual([path]);
  });

  it('when the limits are met exactly, then it passes (8 and 100 key characters, 9 travellers, 80 reference)', () => {
    for (const change of [
      { idempotencyKey: 'k'.repeat(8) },
      { idempotencyKey: 'k'.repeat(100) },
      { travellers: Array(9).fill({ firstName: 'A', lastName: 'B' }) },
      { reference: 'r'.repeat(80) },
    ])
      expect(problemsOf(change)).toEqual([]);
  });
});
