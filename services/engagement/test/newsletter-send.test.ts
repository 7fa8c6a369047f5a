import { emailsWithSubject, uniqueName, waitFor } from '@travel/testkit';
import { codeOf, newDatabase, platformActor, startEngagement } from './engagement.fixture';

/** Each subscribed address has exactly one email with this subject; unsubscribed ones have none. */
async function expectExactlyOnce(subject: string, subscribed: string[], unsubscribed: string[]) {
  const caught = await waitFor(
    async () => {
      const found = await emailsWithSubject(subject);
      if (found.length < subscribed.length) throw new Error(`${found.length} of ${subscribed.length} emails`);
      return found;
    },
    { timeoutMs: 60_000, intervalMs: 250 },
  );
  // A moment more: a duplicate sent late would show up now.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const final = await emailsWithSubject(subject);
  expect(final).toHaveLength(caught.length);
  const recipients = final.flatMap((email) => email.to.map((to) => to.address)).sort();
  expect(recipients).toEqual([...subscribed].sort());
  for (const address of unsubscribed) expect(recipients).not.toContain(address);
  return final;
}

describe('newsletter send', () => {
  it('when sent by one replica that stops mid-send while another runs, then every subscribed address gets it exactly once', async () => {
    const database = newDatabase();
    const env = { NEWSLETTER_FANOUT_BATCH: '10', EMAIL_CONCURRENCY: '2', EMAIL_LEASE_MS: '3000' };
    const first = await startEngagement(database, env);
    const second = await startEngagement(database, env);
    let firstStopped = false;
    try {
      const tag = uniqueName('nl');
      const addresses = Array.from({ length: 60 }, (_, i) => `${tag}-${i}@example.com`);
      for (const email of addresses) await first.client.subscribe({ email });
      const unsubscribed = addresses.filter((_, i) => i % 6 === 0);
      const listed = await first.client.listSubscribers({
        caller: platformActor,
        page: { limit: 100 },
        status: 'subscribed',
      });
      for (const subscriber of listed.subscribers.filter((s) => unsubscribed.includes(s.email)))
        await first.client.updateSubscriber({
          caller: platformActor,
          id: subscriber.id,
          status: 'unsubscribed',
        });
      const subject = `Offers ${tag}`;
      const created = await first.client.createNewsletter({
        caller: platformActor,
        subject,
        html: '<h1>Monsoon offers</h1><p>Fly for less.</p>',
      });
      const id = created.newsletter?.id ?? '';
      const sending = await first.client.sendNewsletter({ caller: platformActor, id });
      expect(sending.newsletter?.status).toBe('sending');

      // Stop the replica that took the send while its emails are going out; the other finishes the job.
      await waitFor(async () => {
        if ((await emailsWithSubject(subject)).length < 5) throw new Error('not started');
      });
      await first.service.stop();
      firstStopped = true;
      const third = await startEngagement(database, env);
      try {
        const subscribed = addresses.filter((a) => !unsubscribed.includes(a));
        const caught = await expectExactlyOnce(subject, subscribed, unsubscribed);
        expect(caught[0]?.text).toMatch(/Unsubscribe: http\S+\/api\/newsletter\/unsubscribe\?token=\S+/);
        expect(await codeOf(second.client.sendNewsletter({ caller: platformActor, id }))).toBe('conflict');
        const done = await waitFor(async () => {
          const page = await second.client.listNewsletters({ caller: platformActor, page: { limit: 100 } });
          const found = page.newsletters.find((n) => n.id === id);
          if (found?.status !== 'sent' || found.counts?.sent !== subscribed.length)
            throw new Error('not yet');
          return found;
        });
        expect(done.counts).toMatchObject({
          recipients: subscribed.length,
          sent: subscribed.length,
          failed: 0,
        });
      } finally {
        await third.service.stop();
      }
    } finally {
      if (!firstStopped) await first.service.stop();
      await second.service.stop();
    }
  });

  it('when two sends of one draft race, then exactly one wins and the other is conflict', async () => {
    const { client, service } = await startEngagement(newDatabase());
    try {
      const created = await client.createNewsletter({
        caller: platformActor,
        subject: 'Race',
        html: '<p>x</p>',
      });
      const id = created.newsletter?.id ?? '';
      const codes = await Promise.all(
        [0, 1, 2].map(() => codeOf(client.sendNewsletter({ caller: platformActor, id }))),
      );
      expect(codes.sort()).toEqual(['conflict', 'conflict', 'ok']);
      expect(await codeOf(client.updateNewsletter({ caller: platformActor, id, subject: 'Late' }))).toBe(
        'conflict',
      );
    } finally {
      await service.stop();
    }
  });

  it('when the SMTP server fails an attempt, then the email is failed with the reason and sent on a retry', async () => {
    let failures = 1;
    const database = newDatabase();
    const { client, service, mongo } = await startEngagement(
      database,
      { EMAIL_RETRY_BASE_MS: '1500' },
      {
        wrapMailer: (mailer) => ({
          async send(email) {
            if (failures-- > 0) throw new Error('421 try again later');
            await mailer.send(email);
          },
        }),
      },
    );
    try {
      const tag = uniqueName('lead');
      const lead = await client.createLead({
        caller: platformActor,
        name: 'Asha',
        email: `${tag}@example.com`,
      });
      const id = lead.lead?.id ?? '';
      const replied = await client.replyToLead({
        caller: platformActor,
        id,
        subject: `Hello ${tag}`,
        message: 'Thanks!',
      });
      expect(replied.lead?.status).toBe('contacted');
      const emails = mongo.connection.collection('emails');
      const failed = await waitFor(async () => {
        const doc = await emails.findOne({ 'purpose.leadId': id });
        if (doc?.status !== 'failed') throw new Error('not failed yet');
        return doc;
      });
      expect(failed.lastError).toContain('421 try again later');
      const seen = await client.listLeads({
        caller: platformActor,
        page: { limit: 10 },
        tenantId: 'platform',
      });
      const message = seen.leads.find((l) => l.id === id)?.messages[0];
      expect(message?.email).toMatchObject({ status: 'failed', lastError: '421 try again later' });
      const caught = await waitFor(async () => {
        const found = await emailsWithSubject(`Hello ${tag}`);
        if (found.length === 0) throw new Error('not delivered yet');
        return found;
      });
      expect(caught).toHaveLength(1);
      expect(caught[0]?.text).toContain('Thanks!');
      await waitFor(async () => {
        if ((await emails.findOne({ 'purpose.leadId': id }))?.status !== 'sent')
          throw new Error('not marked');
      });
    } finally {
      await service.stop();
    }
  });
});
