import { createEndpointSlots, pickFair } from './endpoint-slots';

const due = (...endpoints: string[]) =>
  endpoints.map((endpointId, i) => ({ deliveryId: `d${i}`, endpointId }));

describe('endpoint slots', () => {
  it('when one endpoint has a backlog ahead of the others, then a pick gives it its own places only and the rest to the others', () => {
    const slots = createEndpointSlots({ total: 8, perEndpoint: 2 });
    const { picked, filled } = pickFair(due('a', 'a', 'a', 'a', 'a', 'b', 'c', 'a', 'c'), 8, slots.freeFor);
    expect(picked.map((attempt) => attempt.endpointId)).toEqual(['a', 'a', 'b', 'c', 'c']);
    expect(filled).toEqual(['a', 'c']);
  });

  it('when an endpoint holds its places, then it is full and gets none until one is given back', () => {
    const slots = createEndpointSlots({ total: 8, perEndpoint: 2 });
    slots.take('a');
    slots.take('a');
    slots.take('b');
    expect([slots.free(), slots.freeFor('a'), slots.freeFor('b'), slots.full()]).toEqual([5, 0, 1, ['a']]);
    expect(pickFair(due('a', 'b', 'b'), 5, slots.freeFor).picked.map((a) => a.endpointId)).toEqual(['b']);
    slots.give('a');
    expect([slots.freeFor('a'), slots.full()]).toEqual([1, []]);
  });

  it('when the places run out overall, then no endpoint gets more, however free its own', () => {
    const slots = createEndpointSlots({ total: 3, perEndpoint: 2 });
    expect(pickFair(due('a', 'b', 'c', 'd'), slots.free(), slots.freeFor).picked).toHaveLength(3);
    for (const endpointId of ['a', 'b', 'c']) slots.take(endpointId);
    expect([slots.free(), slots.freeFor('d')]).toEqual([0, 0]);
  });
});
