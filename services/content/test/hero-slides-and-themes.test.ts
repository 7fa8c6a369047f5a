import { actor, type ContentClient, failureOf, startContent } from './content.fixture';

let content: Awaited<ReturnType<typeof startContent>>;
let client: ContentClient;
beforeAll(async () => {
  content = await startContent();
  client = content.client;
});
afterAll(() => content.stop());

const slide = (title: string, position: number, active = true) =>
  client
    .createHeroSlide({ caller: actor, title, imageUrl: 'https://img.example/s.jpg', position, active })
    .then((reply) => reply.slide);

describe('hero slides', () => {
  it('when slides are listed, then by position; the storefront sees active ones only, paged', async () => {
    const c = await slide('C', 30);
    const a = await slide('A', 10);
    const hidden = await slide('Hidden', 5, false);
    const b = await slide('B', 20);
    const all = await client.listHeroSlides({ caller: actor, activeOnly: false, limit: 100 });
    expect(all.slides.map((s) => s.id)).toEqual([hidden?.id, a?.id, b?.id, c?.id]);
    const first = await client.listHeroSlides({ caller: actor, activeOnly: true, limit: 2 });
    const rest = await client.listHeroSlides({
      caller: actor,
      activeOnly: true,
      limit: 2,
      cursor: first.nextCursor,
    });
    expect([...first.slides, ...rest.slides].map((s) => s.title)).toEqual(['A', 'B', 'C']);
    expect(rest.nextCursor).toBeUndefined();

    await client.updateHeroSlide({ caller: actor, id: c?.id ?? '', position: 1, linkUrl: '/offers' });
    const moved = await client.listHeroSlides({ caller: actor, activeOnly: true, limit: 10 });
    expect(moved.slides.map((s) => [s.title, s.linkUrl])).toEqual([
      ['C', '/offers'],
      ['A', undefined],
      ['B', undefined],
    ]);
    const cleared = await client.updateHeroSlide({ caller: actor, id: c?.id ?? '', clearLinkUrl: true });
    expect(cleared.slide?.linkUrl).toBeUndefined();
    await client.deleteHeroSlide({ caller: actor, id: a?.id ?? '' });
    expect((await failureOf(client.deleteHeroSlide({ caller: actor, id: a?.id ?? '' }))).code).toBe(
      'not_found',
    );
  });

  it('when a slide is invalid, then 400 names each field', async () => {
    const bad = client.createHeroSlide({
      caller: actor,
      title: '',
      imageUrl: 'ftp://x',
      linkUrl: 'javascript:alert(1)',
      position: -1,
      active: true,
    });
    expect(await failureOf(bad)).toEqual({
      code: 'bad_request',
      paths: ['title', 'imageUrl', 'linkUrl', 'position'],
    });
  });
});

const colors = {
  primary: '#112233',
  secondary: '#445566',
  accent: '#778899',
  background: '#ffffff',
  text: '#000000',
};
const theme = (name: string, tenantId?: string, active = false) =>
  client.createTheme({ caller: actor, name, colors, tenantId, active }).then((reply) => reply.theme);

describe('themes', () => {
  it('when a tenant has no theme, then it inherits the platform’s active one, else the built-in one', async () => {
    const tenant = `ten_${Date.now()}`;
    const builtIn = await client.getActiveTheme({ caller: actor, tenantId: tenant });
    expect([builtIn.inherited, builtIn.theme?.id]).toEqual([true, '']);
    const platform = await theme('Platform look');
    expect(platform?.active).toBe(true); // the platform's first theme
    const inherited = await client.getActiveTheme({ caller: actor, tenantId: tenant });
    expect([inherited.inherited, inherited.theme?.id]).toEqual([true, platform?.id]);

    const own = await theme('Agency look', tenant);
    expect(own?.active).toBe(true);
    const second = await theme('Agency winter', tenant);
    expect(second?.active).toBe(false);
    expect((await client.getActiveTheme({ caller: actor, tenantId: tenant })).theme?.id).toBe(own?.id);
    await client.activateTheme({ caller: actor, tenantId: tenant, id: second?.id ?? '' });
    const listed = await client.listThemes({ caller: actor, tenantId: tenant, limit: 10 });
    expect(listed.themes.map((t) => [t.name, t.active])).toEqual([
      ['Agency winter', true],
      ['Agency look', false],
    ]);
  });

  it('when another owner’s theme is activated, then 404', async () => {
    const mine = `ten_a${Date.now()}`;
    const theirs = await theme('Theirs', `ten_b${Date.now()}`);
    const activate = client.activateTheme({ caller: actor, tenantId: mine, id: theirs?.id ?? '' });
    expect((await failureOf(activate)).code).toBe('not_found');
    const fromPlatform = client.activateTheme({ caller: actor, id: theirs?.id ?? '' });
    expect((await failureOf(fromPlatform)).code).toBe('not_found');
  });

  it('when several themes of one tenant are made active at once, then exactly one is active', async () => {
    const tenant = `ten_c${Date.now()}`;
    const made = await Promise.all(['1', '2', '3', '4', '5'].map((n) => theme(`T${n}`, tenant, true)));
    const listed = await client.listThemes({ caller: actor, tenantId: tenant, limit: 10 });
    expect(listed.themes.filter((t) => t.active)).toHaveLength(1);
    expect(made.map((t) => t?.id)).toContain(
      (await client.getActiveTheme({ caller: actor, tenantId: tenant })).theme?.id,
    );
  });

  it('when a colour or the logo is wrong, then 400 names it', async () => {
    const bad = client.createTheme({
      caller: actor,
      name: 'Bad',
      colors: { ...colors, primary: 'red' },
      logoUrl: 'data:image/png;base64,AAAA',
      active: false,
    });
    expect(await failureOf(bad)).toEqual({ code: 'bad_request', paths: ['colors.primary', 'logoUrl'] });
  });
});
