import { checkTarget } from './target-address';

const names: Record<string, string[]> = {
  'hooks.example.com': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'],
  'rebind.example.com': ['93.184.216.34', '10.0.0.7'],
  'localhost.example.com': ['127.0.0.1'],
};
const resolve = async (host: string) => {
  const found = names[host];
  if (!found) throw new Error('ENOTFOUND');
  return found;
};
const production = { production: true, resolve };
const development = { production: false, resolve };

describe('webhook target check', () => {
  it('when an https host resolves to public addresses only, then it is accepted', async () => {
    expect(await checkTarget('https://hooks.example.com/partner', production)).toMatchObject({ ok: true });
    expect(await checkTarget('https://93.184.216.34/hook', production)).toMatchObject({ ok: true });
  });

  it.each([
    'http://hooks.example.com/partner',
    'https://10.1.2.3/x',
    'https://172.16.0.1/x',
    'https://192.168.1.1/x',
    'https://127.0.0.1/x',
    'https://169.254.169.254/latest/meta-data',
    'https://100.64.0.1/x',
    'https://0.0.0.0/x',
    'https://224.0.0.1/x',
    'https://[::1]/x',
    'https://[fe80::1]/x',
    'https://[fd00::1]/x',
    'https://[::ffff:10.0.0.1]/x',
    'https://[::ffff:127.0.0.1]/x',
    'https://[2001:db8::1]/x',
    'https://rebind.example.com/x',
    'https://localhost.example.com/x',
    'https://unknown.example.com/x',
    'https://user:pass@hooks.example.com/x',
    'ftp://hooks.example.com/x',
    'not a url',
  ])('when production is asked to send to %s, then it is refused', async (url) => {
    expect(await checkTarget(url, production)).toMatchObject({ ok: false });
  });

  it('when outside production the target is loopback http, then it is allowed; private still is not', async () => {
    expect(await checkTarget('http://127.0.0.1:4000/hook', development)).toMatchObject({ ok: true });
    expect(await checkTarget('http://[::1]:4000/hook', development)).toMatchObject({ ok: true });
    expect(await checkTarget('http://10.0.0.1/hook', development)).toMatchObject({ ok: false });
    expect(await checkTarget('http://hooks.example.com/hook', development)).toMatchObject({ ok: false });
  });
});
