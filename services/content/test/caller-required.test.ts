import { uniqueName, wireCallers } from '@travel/testkit';
import { actor, type ContentClient, failureOf, startContent } from './content.fixture';

// Fail closed (issue 30): staff methods name their caller; blogs and slides are platform editors', and a
// tenant's staff reach only their own tenant's themes whatever id or tenant they name.
let world: Awaited<ReturnType<typeof startContent>>;
let client: ContentClient;

beforeAll(async () => {
  world = await startContent();
  client = world.client;
});
afterAll(async () => {
  await world?.stop();
});

const colors = {
  primary: '#112233',
  secondary: '#445566',
  accent: '#778899',
  background: '#ffffff',
  text: '#000000',
};

describe('content callers', () => {
  it('when a staff method is called without a caller, then it is refused and nothing changes', async () => {
    const { blog } = await client.createBlog({ caller: actor, title: uniqueName('Post'), body: '<p>x</p>' });
    const id = blog?.id ?? '';
    const refused = [
      client.listBlogs({ limit: 10 }),
      client.createBlog({ title: 'No caller', body: '<p>x</p>' }),
      client.updateBlog({ id, title: 'Changed' }),
      client.publishBlog({ id }),
      client.deleteBlog({ id }),
      client.listHeroSlides({ activeOnly: false, limit: 10 }),
      client.createHeroSlide({
        title: 't',
        imageUrl: 'https://img.example/a.jpg',
        position: 1,
        active: true,
      }),
      client.listThemes({ limit: 10 }),
      client.createTheme({ name: 'x', colors, active: true }),
      client.getActiveTheme({}),
    ];
    for (const call of refused) expect((await failureOf(call)).code).toBe('forbidden');
    const listed = await client.listBlogs({ caller: actor, limit: 100 });
    expect(listed.blogs.find((one) => one.id === id)).toMatchObject({ title: blog?.title, status: 'draft' });
  });

  it("when tenant A's staff name tenant B's theme or tenant, then not_found, and B's active theme stays", async () => {
    const [tenantA, tenantB] = [uniqueName('ten'), uniqueName('ten')];
    const staffA = wireCallers.tenantStaff(tenantA, []);
    const staffB = wireCallers.tenantStaff(tenantB, []);
    const ofB = (await client.createTheme({ caller: staffB, name: 'B', colors, active: true })).theme;
    const ofA = (await client.createTheme({ caller: staffA, name: 'A', colors, active: true })).theme;
    expect(ofA?.tenantId).toBe(tenantA);
    expect((await failureOf(client.activateTheme({ caller: staffA, id: ofB?.id ?? '' }))).code).toBe(
      'not_found',
    );
    expect(
      (await failureOf(client.activateTheme({ caller: staffA, tenantId: tenantB, id: ofB?.id ?? '' }))).code,
    ).toBe('not_found');
    expect((await failureOf(client.listThemes({ caller: staffA, tenantId: tenantB, limit: 10 }))).code).toBe(
      'not_found',
    );
    const mine = await client.listThemes({ caller: staffA, limit: 10 });
    expect(mine.themes.map((theme) => theme.id)).toEqual([ofA?.id]);
    expect((await client.getActiveTheme({ caller: staffB })).theme?.id).toBe(ofB?.id);
  });

  it('when tenant staff or staff without the right edit blogs or slides, then they are refused', async () => {
    const tenantStaff = wireCallers.tenantStaff(uniqueName('ten'), ['blogs', 'hero-carousel']);
    const noRights = wireCallers.platformStaff([]);
    for (const caller of [tenantStaff, noRights]) {
      expect((await failureOf(client.createBlog({ caller, title: 'x', body: '<p>x</p>' }))).code).toBe(
        'forbidden',
      );
      expect((await failureOf(client.listHeroSlides({ caller, activeOnly: false, limit: 5 }))).code).toBe(
        'forbidden',
      );
    }
  });
});
