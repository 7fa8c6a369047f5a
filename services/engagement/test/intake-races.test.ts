import { uniqueName } from '@travel/testkit';
import { signatureOf } from '../src/domain/whatsapp/whatsapp-signature';
import { codeOf, newDatabase, platformActor, startEngagement, WHATSAPP } from './engagement.fixture';

function delivery(from: string, messages: { id: string; text: string }[]) {
  return Buffer.from(
    JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '1',
          changes: [
            {
              field: 'messages',
              value: {
                contacts: [{ profile: { name: 'Kiran' }, wa_id: from }],
                messages: messages.map((m) => ({
                  from,
                  id: m.id,
                  timestamp: '1763892000',
                  type: 'text',
                  text: { body: m.text },
                })),
              },
            },
          ],
        },
      ],
    }),
  );
}

describe('public intake under races', () => {
  it('when one address subscribes five times at once, then one subscriber exists and exactly one call created it', async () => {
    const { client, service } = await startEngagement(newDatabase());
    try {
      const email = `${uniqueName('race')}@example.com`;
      const replies = await Promise.all([0, 1, 2, 3, 4].map(() => client.subscribe({ email })));
      expect(replies.filter((reply) => reply.created)).toHaveLength(1);
      expect(new Set(replies.map((reply) => reply.subscriber?.id)).size).toBe(1);
    } finally {
      await service.stop();
    }
  });

  it('when a new number sends two messages in two deliveries at once, and one of them again, then one lead holds both once', async () => {
    const { client, service } = await startEngagement(newDatabase());
    try {
      const from = `91${Date.now().toString().slice(-10)}`;
      const hi = delivery(from, [{ id: `wamid.${uniqueName('a')}`, text: 'Hi' }]);
      const goa = delivery(from, [{ id: `wamid.${uniqueName('b')}`, text: 'Goa?' }]);
      const send = (rawBody: Buffer) =>
        client.receiveWhatsappWebhook({ rawBody, signature: signatureOf(rawBody, WHATSAPP.appSecret) });
      const [first, second, again] = await Promise.all([send(hi), send(goa), send(hi)]);
      expect([first, second, again].reduce((sum, reply) => sum + reply.stored, 0)).toBe(2);
      const leads = await client.listLeads({
        caller: platformActor,
        page: { limit: 100 },
        tenantId: 'platform',
      });
      const mine = leads.leads.filter((lead) => lead.phone === `+${from}`);
      expect(mine).toHaveLength(1);
      expect(mine[0]?.messages.map((m) => m.body).sort()).toEqual(['Goa?', 'Hi']);
      expect(mine[0]).toMatchObject({ name: 'Kiran', source: 'whatsapp', status: 'new' });
    } finally {
      await service.stop();
    }
  });

  it('when a delivery is signed with another secret, then it is unauthorized and nothing is stored', async () => {
    const { client, service, mongo } = await startEngagement(newDatabase());
    try {
      const rawBody = delivery('919800000001', [{ id: `wamid.${uniqueName('x')}`, text: 'x' }]);
      const call = client.receiveWhatsappWebhook({
        rawBody,
        signature: signatureOf(rawBody, 'another-secret'),
      });
      expect(await codeOf(call)).toBe('unauthorized');
      expect(await mongo.connection.collection('whatsapp_messages').countDocuments()).toBe(0);
      expect(await mongo.connection.collection('leads').countDocuments()).toBe(0);
    } finally {
      await service.stop();
    }
  });
});
