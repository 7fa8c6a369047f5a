import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// Every command the README shows must run as written on a fresh machine after `npm start`: npm and node
// are there, pnpm is not (the set-up keeps its own copy in ~/.cache/partner-travel/tools). Paths a command
// runs are build output, so this runs after the build (npm test builds before the unit tier).
const root = join(__dirname, '..');
// The root README and the benchmark README it links to; both name only root scripts.
const readmes = ['README.md', 'bench/README.md'];
const scripts = Object.keys(
  (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> })
    .scripts,
);

/** The lines of the README's shell blocks, without comments, split into single commands. */
function shellCommands(text: string): string[] {
  const blocks = [...text.matchAll(/```(?:sh|bash|shell)\n([\s\S]*?)```/g)].map((m) => m[1] ?? '');
  return blocks
    .join('\n')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.replace(/(^|\s)#.*$/, '').trim())
    .flatMap((line) => line.split(/&&|\|\||;|\||\$\(/))
    .map((command) => command.trim())
    .filter(Boolean);
}

const texts = readmes.map((path) => readFileSync(join(root, path), 'utf8'));
const commands = texts.flatMap(shellCommands);
const inlineCode = texts.flatMap((text) => [...text.matchAll(/`([^`\n]+)`/g)].map((m) => m[1] ?? ''));
const npmScripts = (text: string) =>
  [...text.matchAll(/\bnpm run(?: -s| --silent)? ([\w:.-]+)/g)].map((m) => m[1]);

describe('README commands', () => {
  it('shows shell commands at all (the parsing still finds them)', () => {
    expect(commands).toEqual(expect.arrayContaining(['npm start', 'npm test']));
  });

  it('names only npm scripts that the root package.json has, in its blocks and in its text', () => {
    const named = [...commands.flatMap(npmScripts), ...inlineCode.flatMap(npmScripts)];
    const bare = commands.flatMap((c) => [...c.matchAll(/^npm (start|test)\b/g)].map((m) => m[1]));
    expect(named.length).toBeGreaterThan(0);
    expect([...named, ...bare].filter((name) => !scripts.includes(name ?? ''))).toEqual([]);
  });

  it('runs no pnpm or pnpx directly: it is not on a fresh machine PATH', () => {
    expect(commands.filter((c) => /^(pnpm|pnpx)\b/.test(c))).toEqual([]);
  });

  it('runs only node scripts that exist after the build', () => {
    const paths = commands
      .map((c) => /^node ([^\s-][^\s]*)/.exec(c)?.[1])
      .filter((path): path is string => path !== undefined);
    expect(paths.length).toBeGreaterThan(0);
    expect(paths.filter((path) => !existsSync(join(root, path)))).toEqual([]);
  });
});
