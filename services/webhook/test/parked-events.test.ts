import { EXPECTED_PARKING, runParkingScenario, SHORT_RETRY_BUDGET } from '@travel/testkit';
import { bookingEvent, caller, webhookEnv, webhookForThisFile } from './webhook.fixture';

jest.setTimeout(180_000);

const env = webhookEnv(SHORT_RETRY_BUDGET);
const webhook = webhookForThisFile(env);

describe('a booking event the webhook intake cannot schedule', () => {
  it('when one event fails for good between two good ones, then it is parked within its budget, the others are scheduled, a replay after the fix schedules it once, and undecodable bytes are parked at once and discarded', async () => {
    const who = caller(4242);
    const hooks = await webhook.receiver();
    await webhook.service().client.registerEndpoint({ caller: who, url: hooks.url, events: [] });
    const bad = bookingEvent(who.clientId);
    const deliveries = webhook.service().connection.collection('webhook_deliveries');
    const publish = async (event = bookingEvent(who.clientId)) => {
      await webhook.publisher().publish('booking.events', event);
      return event.id;
    };
    const report = await runParkingScenario({
      address: webhook.service().address,
      namespace: env.KAFKA_NAMESPACE as string,
      group: 'webhook-deliveries',
      topic: 'booking.events',
      connection: webhook.service().connection,
      refused: { collection: 'webhook_deliveries', field: 'eventId', value: bad.id },
      async publishGoodBadGood() {
        const first = await publish();
        await publish(bad);
        return { bad: bad.id, good: [first, await publish()] };
      },
      publishUndecodable: () => webhook.publisher().publishUndecodable('bkg_garbage'),
      recordsOf: (eventId) => deliveries.countDocuments({ eventId }),
    });
    expect(report).toMatchObject(EXPECTED_PARKING);
    expect(report.parked).toMatchObject({ reason: 'budget', attempts: 3, key: 'bkg_41', status: 'parked' });
  });
});
