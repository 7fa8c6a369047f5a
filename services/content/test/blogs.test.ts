import { actor, type ContentClient, failureOf, startContent } from './content.fixture';

let content: Awaited<ReturnType<typeof startContent>>;
let client: ContentClient;
beforeAll(async () => {
  content = await startContent();
  client = content.client;
});
afterAll(() => content.stop());

const create = (title: string, extra: Record<string, unknown> = {}) =>
  client.createBlog({ caller: actor, title, body: '<p>Hello</p>', ...extra }).then((reply) => reply.blog);

describe('blog slugs', () => {
  it('when 12 posts with one title are created at once, then each gets its own slug', async () => {
    const title = `Monsoon in Kerala ${Date.now()}`;
    const made = await Promise.all(Array.from({ length: 12 }, () => create(title)));
    const slugs = made.map((blog) => blog?.slug ?? '');
    expect(new Set(slugs).size).toBe(12);
    const base = title.toLowerCase().replaceAll(' ', '-');
    expect(slugs).toContain(base);
    for (const slug of slugs) expect(slug).toMatch(new RegExp(`^${base}(-[a-z0-9]+)?$`));
  });

  it('when posts with one long title follow each other, then each slug is numbered and at most 80 characters', async () => {
    const title = `${Date.now()} ${'long monsoon words '.repeat(6)}`;
    const slugs: string[] = [];
    for (let i = 0; i < 4; i++) slugs.push((await create(title))?.slug ?? '');
    const stem = slugs[0]?.slice(0, 76) ?? '';
    expect(slugs[0]).toHaveLength(80);
    expect(slugs.slice(1).map((slug) => slug.slice(slug.lastIndexOf('-')))).toEqual(['-2', '-3', '-4']);
    for (const slug of slugs) {
      expect(slug.length).toBeLessThanOrEqual(80);
      expect(slug.startsWith(stem)).toBe(true);
    }
  });

  it('when a slug is given that another post holds, then 409 on create and on update, and nothing changes', async () => {
    const first = await create('First', { slug: `taken-${Date.now()}` });
    expect((await failureOf(create('Second', { slug: first?.slug }))).code).toBe('conflict');
    const second = await create('Second');
    const update = client.updateBlog({ caller: actor, id: second?.id ?? '', slug: first?.slug });
    expect((await failureOf(update)).code).toBe('conflict');
    const listed = await client.listBlogs({ caller: actor, limit: 100 });
    expect(listed.blogs.filter((blog) => blog.slug === first?.slug)).toHaveLength(1);
  });

  it('when a title is edited, then the slug stays; a new slug given is taken', async () => {
    const blog = await create('Old title');
    const edited = await client.updateBlog({ caller: actor, id: blog?.id ?? '', title: 'New title' });
    expect(edited.blog?.slug).toBe(blog?.slug);
    const moved = await client.updateBlog({
      caller: actor,
      id: blog?.id ?? '',
      slug: `new-${Date.now()}`,
    });
    expect(moved.blog?.slug).toMatch(/^new-\d+$/);
  });
});

describe('blog bodies', () => {
  it('when a body carries a script, then neither the stored body nor the served HTML holds it', async () => {
    const blog = await create('Scripted', {
      body: '<h2>Goa</h2><script>alert(document.cookie)</script><p onmouseover="x()">Sun</p>',
      slug: `scripted-${Date.now()}`,
    });
    await client.publishBlog({ caller: actor, id: blog?.id ?? '' });
    const served = (await client.getPublishedBlog({ slug: blog?.slug ?? '' })).blog;
    for (const text of [blog?.body, blog?.html, served?.body, served?.html])
      expect(text).not.toMatch(/script|alert|onmouseover/);
    expect(served?.html).toBe('<h2>Goa</h2><p>Sun</p>');
  });

  it('when a Markdown body is written or rewritten, then it is rendered to sanitised HTML', async () => {
    const blog = await create('Markdown', {
      format: 'markdown',
      body: '**bold** <img src=x onerror=alert(1)>',
    });
    expect(blog?.html).toBe('<p><strong>bold</strong> <img src="x" /></p>\n');
    const updated = await client.updateBlog({ caller: actor, id: blog?.id ?? '', body: '_it_' });
    expect(updated.blog?.html).toBe('<p><em>it</em></p>\n');
  });
});

describe('blog validation', () => {
  it('when fields are wrong, then 400 names each of them and nothing is stored', async () => {
    const before = (await client.listBlogs({ caller: actor, limit: 100 })).blogs.length;
    const bad = client.createBlog({
      caller: actor,
      title: ' ',
      body: '',
      slug: 'Not A Slug',
      format: 'docx',
      coverImageUrl: 'javascript:alert(1)',
      excerpt: 'x'.repeat(501),
    });
    expect(await failureOf(bad)).toEqual({
      code: 'bad_request',
      paths: ['body', 'title', 'slug', 'excerpt', 'format', 'coverImageUrl'],
    });
    expect((await client.listBlogs({ caller: actor, limit: 100 })).blogs).toHaveLength(before);
    expect((await failureOf(client.listBlogs({ caller: actor, limit: 0 }))).paths).toEqual(['limit']);
    expect((await failureOf(client.listBlogs({ caller: actor, limit: 5, cursor: 'nope' }))).paths).toEqual([
      'cursor',
    ]);
    expect((await failureOf(client.listBlogs({ caller: actor, limit: 5, status: 'gone' }))).paths).toEqual([
      'status',
    ]);
  });
});

describe('publishing', () => {
  it('when a post moves draft → published → unpublished → published, then only published is public, publishedAt kept', async () => {
    const blog = await create('Lifecycle', { slug: `lifecycle-${Date.now()}` });
    const id = blog?.id ?? '';
    const slug = blog?.slug ?? '';
    expect((await failureOf(client.getPublishedBlog({ slug }))).code).toBe('not_found');
    expect((await failureOf(client.unpublishBlog({ caller: actor, id }))).code).toBe('conflict');
    const published = (await client.publishBlog({ caller: actor, id })).blog;
    expect(published?.status).toBe('published');
    expect((await failureOf(client.publishBlog({ caller: actor, id }))).code).toBe('conflict');
    expect((await client.getPublishedBlog({ slug })).blog?.id).toBe(id);
    await client.unpublishBlog({ caller: actor, id });
    expect((await failureOf(client.getPublishedBlog({ slug }))).code).toBe('not_found');
    const again = (await client.publishBlog({ caller: actor, id })).blog;
    expect(again?.publishedAt).toEqual(published?.publishedAt);
    expect((await failureOf(client.publishBlog({ caller: actor, id: 'blg_0' }))).code).toBe('not_found');
  });

  it('when two publishes race, then one lands and the other is 409', async () => {
    const blog = await create('Race');
    const outcomes = await Promise.all(
      [1, 2].map(() => failureOf(client.publishBlog({ caller: actor, id: blog?.id ?? '' }))),
    );
    expect(outcomes.map((outcome) => outcome.code).sort()).toEqual(['conflict', 'ok']);
  });

  it('when published posts are paged, then newest published first, without repeats or drafts', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const blog = await create(`Paged ${i}`);
      await client.publishBlog({ caller: actor, id: blog?.id ?? '' });
      ids.unshift(blog?.id ?? '');
    }
    await create('Draft never listed');
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listPublishedBlogs({ limit: 2, cursor });
      seen.push(...page.blogs.map((blog) => blog.id));
      for (const blog of page.blogs) expect(blog.status).toBe('published');
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.slice(0, 5)).toEqual(ids);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('when a post is deleted, then it is gone and its slug is free', async () => {
    const slug = `deleted-${Date.now()}`;
    const blog = await create('Deleted', { slug });
    await client.deleteBlog({ caller: actor, id: blog?.id ?? '' });
    expect((await failureOf(client.deleteBlog({ caller: actor, id: blog?.id ?? '' }))).code).toBe(
      'not_found',
    );
    expect((await create('Again', { slug }))?.slug).toBe(slug);
  });
});
