import { compileCacheEnv } from './compile-cache';

describe('the compile cache of launched processes', () => {
  it('lives with the other installs, under the cache root', () => {
    expect(compileCacheEnv({ XDG_CACHE_HOME: '/var/cache/me' })).toEqual({
      NODE_COMPILE_CACHE: '/var/cache/me/partner-travel/node-compile-cache',
    });
  });

  it('is wherever NODE_COMPILE_CACHE already says', () => {
    expect(compileCacheEnv({ NODE_COMPILE_CACHE: '/tmp/mine', XDG_CACHE_HOME: '/var/cache/me' })).toEqual({
      NODE_COMPILE_CACHE: '/tmp/mine',
    });
  });
});
