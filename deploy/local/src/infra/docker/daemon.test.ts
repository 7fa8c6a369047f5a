import { join } from 'node:path';
import { dockerdArgs } from './daemon';
import { daemonPaths } from './paths';

// The daemon's flags are what keeps it from changing the machine's network; the paths must fit a unix socket.

describe('our Docker daemon', () => {
  const env = { HOME: '/home/someone-with-a-rather-long-user-name', PATH: '/usr/bin' };
  const paths = daemonPaths(env);
  const args = dockerdArgs(paths);

  it('when its flags are read, then it makes no bridge, no iptables or NAT rules, and reads only its own configuration', () => {
    expect(args).toEqual(
      expect.arrayContaining(['--iptables=false', '--ip6tables=false', '--ip-masq=false', '--bridge=none']),
    );
    expect(args[args.indexOf('--config-file') + 1]).toBe(paths.configFile);
    expect(args.some((a) => a.startsWith('--bip') || a.startsWith('--default-address-pool'))).toBe(false);
  });

  it('when its paths are made, then layers are in the cache and every socket path fits the 107-byte limit', () => {
    expect(args[args.indexOf('--data-root') + 1]).toBe(
      join(env.HOME, '.cache', 'partner-travel', 'docker', 'data'),
    );
    expect(args[args.indexOf('-H') + 1]).toBe(`unix://${paths.socket}`);
    // containerd, started by the daemon, puts its sockets under <exec-root>/containerd.
    for (const socket of [paths.socket, join(paths.execRoot, 'containerd', 'containerd.sock.ttrpc')])
      expect(Buffer.byteLength(socket)).toBeLessThan(108);
  });

  it('when TRAVEL_DOCKER_RUN_DIR is set, then sockets, pid and lock files move there', () => {
    const moved = daemonPaths({ ...env, TRAVEL_DOCKER_RUN_DIR: '/tmp/pt-docker' });
    expect(
      [moved.socket, moved.pidFile, moved.lock, moved.execRoot].every((p) => p.startsWith('/tmp/pt-docker/')),
    ).toBe(true);
  });
});
