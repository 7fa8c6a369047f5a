import { PROFILES, processPid } from '@travel/local-deploy';
import { waitFor } from '@travel/testkit';
import { type AdminApi, platformAdmin } from '../support/admin';
import { consoleCall, dataOf } from '../support/console-calls';
import { restartUntilServing } from '../support/faults';

// A change and its audit record are one write (docs/decisions/audit.md): kill the service that owns the change
// right after that write, or after its relay published but before it cleared, and after the restart the change
// and its record are both there, the record once.
let admin: AdminApi;

beforeAll(async () => {
  admin = await platformAdmin();
});
afterAll(async () => {
  // Whatever happened: content runs again without a crash point.
  await restart();
});

interface Blog {
  id: string;
  slug: string;
}
interface AuditEntry {
  action: string;
  target: { type: string; id: string };
  actor: { userId: string | null };
}

async function restart(env: Record<string, string> = {}) {
  await restartUntilServing('content', env);
}

async function dead() {
  await waitFor(() => expect(processPid(process.env, PROFILES.e2e, 'content')).toBeUndefined(), {
    timeoutMs: 10_000,
    intervalMs: 100,
  });
}

const newBlog = (slug: string) =>
  consoleCall(admin.token, 'POST', '/api/admin/blogs', { title: `Crash ${slug}`, slug, body: '<p>x</p>' });

async function blogIds(): Promise<string[]> {
  const res = await consoleCall(admin.token, 'GET', '/api/admin/blogs?limit=100');
  return dataOf<Blog[]>(res).map((blog) => blog.id);
}

/** The log's entries of a target once `count` are there (and a moment later, so a duplicate would show too). */
async function entriesOf(targetId: string, count: number): Promise<AuditEntry[]> {
  const read = async () =>
    (await admin.request<AuditEntry[]>('GET', '/api/admin/audit?limit=100')).filter(
      (entry) => entry.target.id === targetId,
    );
  await waitFor(
    async () => {
      if ((await read()).length < count) throw new Error(`fewer than ${count} entries of ${targetId}`);
    },
    { timeoutMs: 30_000, intervalMs: 250 },
  );
  await new Promise((resolve) => setTimeout(resolve, 1500));
  return read();
}

describe('a service killed between a change and its audit record', () => {
  it('when content dies right after writing a new post (the embedded entry), then after the restart the post and its one entry are both there', async () => {
    const slug = `crash-create-${Date.now()}`;
    await restart({ AUDIT_CRASH_AT: 'after-audited-write' });
    expect((await newBlog(slug)).status).toBe(503);
    await dead();
    await restart();
    const listed = dataOf<Blog[]>(await consoleCall(admin.token, 'GET', '/api/admin/blogs?limit=100'));
    const blog = listed.find((candidate) => candidate.slug === slug);
    expect(blog).toBeDefined();
    const entries = await entriesOf(blog?.id ?? '', 1);
    expect(entries.map((entry) => entry.action)).toEqual(['blog.created']);
    expect(entries[0]?.actor.userId).toMatch(/^usr_/);
  });

  it('when content dies right after deleting a post (the tombstone), then after the restart the post is gone and its delete is recorded once', async () => {
    const created = dataOf<Blog>(await newBlog(`crash-delete-${Date.now()}`));
    await entriesOf(created.id, 1);
    await restart({ AUDIT_CRASH_AT: 'after-audited-write' });
    expect((await consoleCall(admin.token, 'DELETE', `/api/admin/blogs/${created.id}`)).status).toBe(503);
    await dead();
    // Dead mid-delete: the tombstone already hides the post from every read.
    await restart();
    expect(await blogIds()).not.toContain(created.id);
    const entries = await entriesOf(created.id, 2);
    expect(entries.map((entry) => entry.action)).toEqual(['blog.deleted', 'blog.created']);
    expect((await consoleCall(admin.token, 'DELETE', `/api/admin/blogs/${created.id}`)).status).toBe(404);
  });

  it('when content dies after its relay published an entry but before it cleared it, then after the restart the entry is recorded once', async () => {
    const slug = `crash-relay-${Date.now()}`;
    await restart({ AUDIT_CRASH_AT: 'before-audit-clear' });
    // The answer may or may not leave before the relay's pass kills the process.
    await newBlog(slug);
    await dead();
    await restart();
    const blog = dataOf<Blog[]>(await consoleCall(admin.token, 'GET', '/api/admin/blogs?limit=100')).find(
      (candidate) => candidate.slug === slug,
    );
    expect(blog).toBeDefined();
    const entries = await entriesOf(blog?.id ?? '', 1);
    expect(entries.map((entry) => entry.action)).toEqual(['blog.created']);
  });
});
