import { type AuditTrail, waitFor, watchAuditTrail, wireCallers } from '@travel/testkit';
import { type ContentClient, startContent } from './content.fixture';

// Every content change is stored with its audit entry and relayed to `audit.entries` (docs/decisions/audit.md).
let content: Awaited<ReturnType<typeof startContent>>;
let client: ContentClient;
let trail: AuditTrail;
const editor = {
  ...wireCallers.platformStaff(['blogs', 'hero-carousel'], 'usr_editor'),
  email: 'editor@example.com',
  ip: '203.0.113.9',
  requestId: 'req_ct_content_audit',
};
beforeAll(async () => {
  content = await startContent();
  client = content.client;
  trail = await watchAuditTrail(content.namespace);
});
afterAll(async () => {
  await trail.stop();
  await content.stop();
});

describe('audited content changes', () => {
  it('when a post is created, edited, published, unpublished and deleted, then each change has its entry with who and from where', async () => {
    const blog = (
      await client.createBlog({ caller: editor, title: `Audited ${Date.now()}`, body: '<p>Hi</p>' })
    ).blog;
    const id = blog?.id ?? '';
    await client.updateBlog({ caller: editor, id, title: 'Audited, edited' });
    await client.publishBlog({ caller: editor, id });
    await client.unpublishBlog({ caller: editor, id });
    await client.deleteBlog({ caller: editor, id });
    const entries = await trail.of(id, 5);
    expect(entries.map((entry) => entry.action)).toEqual([
      'blog.created',
      'blog.updated',
      'blog.published',
      'blog.unpublished',
      'blog.deleted',
    ]);
    expect(entries[0]).toMatchObject({
      targetType: 'blog',
      actorUserId: 'usr_editor',
      actorEmail: 'editor@example.com',
      ip: '203.0.113.9',
      requestId: 'req_ct_content_audit',
      details: { slug: blog?.slug, title: blog?.title },
    });
    expect(entries[1]?.details).toEqual({ fields: ['title'] });
  });

  it('when a post is deleted, then it is gone at once, its slug is free, and the relay removes its tombstone', async () => {
    const slug = `tombstoned-${Date.now()}`;
    const blog = (await client.createBlog({ caller: editor, title: 'Gone soon', body: '<p>x</p>', slug }))
      .blog;
    const id = blog?.id ?? '';
    await client.deleteBlog({ caller: editor, id });
    const listed = await client.listBlogs({ caller: editor, limit: 100 });
    expect(listed.blogs.map((b) => b.id)).not.toContain(id);
    await expect(client.deleteBlog({ caller: editor, id })).rejects.toMatchObject({ code: 'not_found' });
    const again = await client.createBlog({ caller: editor, title: 'Same slug', body: '<p>y</p>', slug });
    expect(again.blog?.slug).toBe(slug);
    await trail.of(id, 2);
    await waitFor(async () => expect(await content.rawBlogs().countDocuments({ _id: id as never })).toBe(0));
  });

  it('when slides and themes change, then each change has its entry', async () => {
    const slide = (
      await client.createHeroSlide({
        caller: editor,
        title: 'Beaches',
        imageUrl: 'https://cdn.example.com/b.jpg',
        position: 1,
        active: true,
      })
    ).slide;
    await client.updateHeroSlide({ caller: editor, id: slide?.id ?? '', position: 2 });
    await client.deleteHeroSlide({ caller: editor, id: slide?.id ?? '' });
    const theme = (
      await client.createTheme({
        caller: editor,
        name: 'Night',
        colors: {
          primary: '#000000',
          secondary: '#111111',
          accent: '#222222',
          background: '#333333',
          text: '#ffffff',
        },
      })
    ).theme;
    await client.activateTheme({ caller: editor, id: theme?.id ?? '' });
    expect((await trail.of(slide?.id ?? '', 3)).map((entry) => entry.action)).toEqual([
      'hero_slide.created',
      'hero_slide.updated',
      'hero_slide.deleted',
    ]);
    expect((await trail.of(theme?.id ?? '', 2)).map((entry) => entry.action)).toEqual([
      'theme.created',
      'theme.activated',
    ]);
  });
});
