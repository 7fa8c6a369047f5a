import { platformAdmin } from '../support/admin';
import { auditOf, codeOf, consoleCall, dataOf, platformStaff } from '../support/console-calls';
import type { ApiResponse } from '../support/gateway';
import { tenantStaff } from '../support/staff';

interface Blog {
  id: string;
  slug: string;
  status: string;
  body: string;
  html: string;
  publishedAt: string | null;
}
interface Page<T> {
  data: T[];
  hasMore: boolean;
  nextCursor: string | null;
}
interface Slide {
  id: string;
  title: string;
  position: number;
  active: boolean;
}
interface Theme {
  id: string | null;
  tenantId: string | null;
  name: string;
  active: boolean;
  inherited?: boolean;
}
const pageOf = <T>(res: ApiResponse) => res.body as Page<T>;
const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
const colors = { primary: '#e11d48', secondary: '#1e293b' };

describe('blogs', () => {
  it('when an editor writes, publishes and unpublishes a post, then readers see it only while published, sanitised and cacheable; every change is audited', async () => {
    const admin = await platformAdmin();
    const editor = await platformStaff(admin, ['blogs']);
    const slug = `kerala-${unique()}`;
    const created = await consoleCall(editor.token, 'POST', '/api/admin/blogs', {
      title: 'Monsoon in Kerala',
      slug,
      excerpt: 'Backwaters',
      body: '<h2>When</h2><script>alert(document.cookie)</script><p onclick="steal()">June</p>',
    });
    expect(created.status).toBe(201);
    const blog = dataOf<Blog>(created);
    expect(blog).toMatchObject({ slug, status: 'draft', publishedAt: null });
    expect(blog.body).not.toMatch(/script|alert|onclick/);

    expect(codeOf(await consoleCall(null, 'GET', `/api/blogs/${slug}`))).toEqual([404, 'not_found']);
    expect(
      pageOf<Blog>(await consoleCall(null, 'GET', '/api/blogs?limit=100')).data.map((b) => b.id),
    ).not.toContain(blog.id);

    const published = await consoleCall(editor.token, 'POST', `/api/admin/blogs/${blog.id}/publish`);
    expect(dataOf<Blog>(published).status).toBe('published');
    const again = await consoleCall(editor.token, 'POST', `/api/admin/blogs/${blog.id}/publish`);
    expect(codeOf(again)).toEqual([409, 'conflict']);

    const read = await consoleCall(null, 'GET', `/api/blogs/${slug}`);
    expect(read.status).toBe(200);
    expect(read.headers.get('cache-control')).toMatch(/^public, max-age=\d+/);
    expect(dataOf<Blog>(read).html).toBe('<h2>When</h2><p>June</p>');
    expect(read.text).not.toMatch(/script|alert|onclick/);
    expect(dataOf<Record<string, unknown>>(read).body).toBeUndefined();
    const list = await consoleCall(null, 'GET', '/api/blogs?limit=5');
    expect(list.headers.get('cache-control')).toMatch(/^public/);
    expect(pageOf<Blog>(list).data[0]?.id).toBe(blog.id);

    const edited = await consoleCall(editor.token, 'PUT', `/api/admin/blogs/${blog.id}`, {
      title: 'Monsoon in Kerala, 2027',
      excerpt: null,
    });
    expect(dataOf<Blog & { excerpt: string | null }>(edited)).toMatchObject({ slug, excerpt: null });
    await consoleCall(editor.token, 'POST', `/api/admin/blogs/${blog.id}/unpublish`);
    expect(codeOf(await consoleCall(null, 'GET', `/api/blogs/${slug}`))).toEqual([404, 'not_found']);

    const deleted = await consoleCall(editor.token, 'DELETE', `/api/admin/blogs/${blog.id}`);
    expect(dataOf(deleted)).toEqual({ id: blog.id, deleted: true });
    expect(codeOf(await consoleCall(editor.token, 'DELETE', `/api/admin/blogs/${blog.id}`))).toEqual([
      404,
      'not_found',
    ]);
    expect(await auditOf(admin, blog.id)).toEqual([
      'blog.deleted',
      'blog.unpublished',
      'blog.updated',
      'blog.published',
      'blog.created',
    ]);
  });

  it('when posts with one title are created at once, then each has its own slug; a given slug that is taken is 409', async () => {
    const admin = await platformAdmin();
    const title = `Goa off season ${unique()}`;
    const made = await Promise.all(
      Array.from({ length: 6 }, () =>
        consoleCall(admin.token, 'POST', '/api/admin/blogs', { title, body: 'x' }),
      ),
    );
    expect(made.map((res) => res.status)).toEqual([201, 201, 201, 201, 201, 201]);
    const slugs = made.map((res) => dataOf<Blog>(res).slug);
    expect(new Set(slugs).size).toBe(6);
    const taken = await consoleCall(admin.token, 'POST', '/api/admin/blogs', {
      title: 'x',
      slug: slugs[0],
      body: 'x',
    });
    expect(codeOf(taken)).toEqual([409, 'conflict']);
  });

  it('when the body is bad, then 400 with each field and nothing is written', async () => {
    const admin = await platformAdmin();
    const before = pageOf<Blog>(await consoleCall(admin.token, 'GET', '/api/admin/blogs?limit=100')).data
      .length;
    const bad = await consoleCall(admin.token, 'POST', '/api/admin/blogs', {
      title: '',
      slug: 'Bad Slug',
      format: 'docx',
      coverImageUrl: 'javascript:alert(1)',
    });
    expect(codeOf(bad)).toEqual([400, 'bad_request']);
    const paths = (bad.body as { error: { details: { path: string }[] } }).error.details.map((d) => d.path);
    expect(paths.sort()).toEqual(['body', 'coverImageUrl', 'format', 'slug', 'title']);
    expect(
      pageOf<Blog>(await consoleCall(admin.token, 'GET', '/api/admin/blogs?limit=100')).data,
    ).toHaveLength(before);
    expect(codeOf(await consoleCall(null, 'GET', '/api/blogs?limit=0'))).toEqual([400, 'bad_request']);
  });

  it('when staff lack the right or the platform, or there is no token, then 403 and 401', async () => {
    const admin = await platformAdmin();
    const noRight = await platformStaff(admin, ['hero-carousel']);
    const tenant = await tenantStaff(admin, ['bookings']);
    for (const token of [noRight.token, tenant.token]) {
      expect(codeOf(await consoleCall(token, 'GET', '/api/admin/blogs'))).toEqual([403, 'forbidden']);
      const post = await consoleCall(token, 'POST', '/api/admin/blogs', { title: 'No', body: 'no' });
      expect(codeOf(post)).toEqual([403, 'forbidden']);
      for (const path of ['/api/admin/blogs/blg_1/publish', '/api/admin/blogs/blg_1/unpublish'])
        expect(codeOf(await consoleCall(token, 'POST', path))).toEqual([403, 'forbidden']);
      expect(codeOf(await consoleCall(token, 'PUT', '/api/admin/blogs/blg_1', { title: 'x' }))).toEqual([
        403,
        'forbidden',
      ]);
      expect(codeOf(await consoleCall(token, 'DELETE', '/api/admin/blogs/blg_1'))).toEqual([
        403,
        'forbidden',
      ]);
    }
    expect(codeOf(await consoleCall(null, 'GET', '/api/admin/blogs'))).toEqual([401, 'unauthorized']);
  });

  it('when readers page the published posts, then newest first without repeats', async () => {
    const admin = await platformAdmin();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const blog = dataOf<Blog>(
        await consoleCall(admin.token, 'POST', '/api/admin/blogs', {
          title: `Paged ${unique()}`,
          body: `<p>${i}</p>`,
        }),
      );
      await consoleCall(admin.token, 'POST', `/api/admin/blogs/${blog.id}/publish`);
      ids.unshift(blog.id);
    }
    const first = pageOf<Blog>(await consoleCall(null, 'GET', '/api/blogs?limit=2'));
    expect(first.hasMore).toBe(true);
    const next = `/api/blogs?limit=2&cursor=${encodeURIComponent(first.nextCursor ?? '')}`;
    const second = pageOf<Blog>(await consoleCall(null, 'GET', next));
    expect([...first.data, ...second.data].map((b) => b.id).slice(0, 3)).toEqual(ids);
  });
});

describe('hero slides', () => {
  it('when an editor with hero-carousel arranges slides, then the storefront sees the active ones by position', async () => {
    const admin = await platformAdmin();
    const editor = await platformStaff(admin, ['hero-carousel']);
    const tag = unique();
    const make = async (title: string, position: number, active = true) => {
      const res = await consoleCall(editor.token, 'POST', '/api/hero-slides/admin', {
        title: `${title} ${tag}`,
        imageUrl: 'https://cdn.example.com/a.jpg',
        position,
        active,
      });
      expect(res.status).toBe(201);
      return dataOf<Slide>(res);
    };
    const b = await make('B', 9002);
    const a = await make('A', 9001);
    const hidden = await make('Hidden', 9000, false);
    const mine = (slides: Slide[]) => slides.filter((s) => s.title.endsWith(tag)).map((s) => s.id);
    const publicList = await consoleCall(null, 'GET', '/api/hero-slides?limit=100');
    expect(publicList.headers.get('cache-control')).toMatch(/^public/);
    expect(mine(pageOf<Slide>(publicList).data)).toEqual([a.id, b.id]);
    const adminList = await consoleCall(editor.token, 'GET', '/api/hero-slides/admin?limit=100');
    expect(mine(pageOf<Slide>(adminList).data)).toEqual([hidden.id, a.id, b.id]);

    const moved = await consoleCall(editor.token, 'PUT', `/api/hero-slides/admin/${b.id}`, {
      position: 8999,
      linkUrl: '/offers',
    });
    expect(dataOf<Slide>(moved).position).toBe(8999);
    expect(mine(pageOf<Slide>(await consoleCall(null, 'GET', '/api/hero-slides?limit=100')).data)).toEqual([
      b.id,
      a.id,
    ]);
    expect(
      codeOf(await consoleCall(editor.token, 'PUT', `/api/hero-slides/admin/${b.id}`, { position: -1 })),
    ).toEqual([400, 'bad_request']);
    const gone = await consoleCall(editor.token, 'DELETE', `/api/hero-slides/admin/${hidden.id}`);
    expect(dataOf(gone)).toEqual({ id: hidden.id, deleted: true });
    expect(codeOf(await consoleCall(editor.token, 'DELETE', `/api/hero-slides/admin/${hidden.id}`))).toEqual([
      404,
      'not_found',
    ]);
    expect(await auditOf(admin, b.id)).toEqual(['hero_slide.updated', 'hero_slide.created']);

    const blogsOnly = await platformStaff(admin, ['blogs']);
    const tenant = await tenantStaff(admin, ['bookings']);
    for (const token of [blogsOnly.token, tenant.token]) {
      expect(codeOf(await consoleCall(token, 'GET', '/api/hero-slides/admin'))).toEqual([403, 'forbidden']);
      const post = { title: 'x', imageUrl: 'https://cdn.example.com/x.jpg' };
      expect(codeOf(await consoleCall(token, 'POST', '/api/hero-slides/admin', post))).toEqual([
        403,
        'forbidden',
      ]);
      expect(
        codeOf(await consoleCall(token, 'PUT', `/api/hero-slides/admin/${a.id}`, { position: 1 })),
      ).toEqual([403, 'forbidden']);
      expect(codeOf(await consoleCall(token, 'DELETE', `/api/hero-slides/admin/${a.id}`))).toEqual([
        403,
        'forbidden',
      ]);
    }
  });
});

describe('themes', () => {
  it('when tenant staff add themes, then their tenant wears its own; without one it inherits the platform’s; another tenant’s is 404', async () => {
    const admin = await platformAdmin();
    const staff = await tenantStaff(admin, []);
    const other = await tenantStaff(admin, ['bookings']);

    const inherited = dataOf<Theme>(await consoleCall(staff.token, 'GET', '/api/admin/themes/active'));
    expect(inherited.inherited).toBe(true);

    const first = await consoleCall(staff.token, 'POST', '/api/admin/themes', { name: 'Sunrise', colors });
    expect(first.status).toBe(201);
    expect(dataOf<Theme>(first)).toMatchObject({ tenantId: staff.tenant.id, active: true });
    const second = dataOf<Theme>(
      await consoleCall(staff.token, 'POST', '/api/admin/themes', {
        name: 'Winter',
        colors,
        logoUrl: 'https://cdn.example.com/l.svg',
      }),
    );
    expect(second.active).toBe(false);
    await consoleCall(staff.token, 'POST', `/api/admin/themes/${second.id}/activate`);
    const listed = pageOf<Theme>(await consoleCall(staff.token, 'GET', '/api/admin/themes'));
    expect(listed.data.map((t) => [t.name, t.active])).toEqual([
      ['Winter', true],
      ['Sunrise', false],
    ]);
    const active = dataOf<Theme>(await consoleCall(staff.token, 'GET', '/api/admin/themes/active'));
    expect([active.id, active.inherited]).toEqual([second.id, false]);
    expect(await auditOf(admin, second.id ?? '')).toEqual(['theme.activated', 'theme.created']);

    // Another tenant: its staff neither see nor activate these, and naming this tenant is 404.
    expect(pageOf<Theme>(await consoleCall(other.token, 'GET', '/api/admin/themes')).data).toEqual([]);
    const steal = await consoleCall(other.token, 'POST', `/api/admin/themes/${second.id}/activate`);
    expect(codeOf(steal)).toEqual([404, 'not_found']);
    const peek = await consoleCall(other.token, 'GET', `/api/admin/themes?tenantId=${staff.tenant.id}`);
    expect(codeOf(peek)).toEqual([404, 'not_found']);
    const plant = await consoleCall(other.token, 'POST', '/api/admin/themes', {
      name: 'Planted',
      colors,
      tenantId: staff.tenant.id,
    });
    expect(codeOf(plant)).toEqual([404, 'not_found']);

    // The platform acts on a tenant it names, and on an unknown one is 404.
    const viaPlatform = await consoleCall(
      admin.token,
      'GET',
      `/api/admin/themes?tenantId=${staff.tenant.id}`,
    );
    expect(pageOf<Theme>(viaPlatform).data).toHaveLength(2);
    const unknown = await consoleCall(admin.token, 'POST', '/api/admin/themes', {
      name: 'Nobody',
      colors,
      tenantId: 'ten_999999999',
    });
    expect(codeOf(unknown)).toEqual([404, 'not_found']);
    const bad = await consoleCall(staff.token, 'POST', '/api/admin/themes', {
      name: 'Bad',
      colors: { primary: 'red', secondary: '#000000' },
    });
    expect(codeOf(bad)).toEqual([400, 'bad_request']);
    expect(codeOf(await consoleCall(null, 'GET', '/api/admin/themes'))).toEqual([401, 'unauthorized']);
  });
});
