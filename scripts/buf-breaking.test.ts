import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// scripts/buf-breaking.sh in repositories of its own (a copy of the script and of proto/buf.yaml, one small
// contract), so each case sets up the history it is about: a break, a break listed as intended, a branch,
// a repository with one commit, a shallow clone.
const root = join(__dirname, '..');
const env = {
  ...process.env,
  PATH: `${join(root, 'node_modules', '.bin')}:${process.env.PATH}`,
  GIT_AUTHOR_NAME: 'test',
  GIT_AUTHOR_EMAIL: 'test@example.com',
  GIT_COMMITTER_NAME: 'test',
  GIT_COMMITTER_EMAIL: 'test@example.com',
  BUF_BREAKING_AGAINST: '',
};
const BOOKING = (fields: string) =>
  `syntax = "proto3";\n\npackage demo.v1;\n\nmessage Booking {\n${fields}}\n`;
const BOTH = '  string id = 1;\n  string note = 2;\n';
const ID_ONLY = '  string id = 1;\n';
const DELETED =
  'proto/demo/v1/booking.proto: Previously present field "2" with name "note" on message "Booking" was deleted.';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function run(cwd: string, command: string, args: string[]) {
  const result = spawnSync(command, args, { cwd, env, encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

function git(cwd: string, ...args: string[]): string {
  const { status, output } = run(cwd, 'git', args);
  if (status !== 0) throw new Error(`git ${args.join(' ')}: ${output}`);
  return output;
}

/** A repository on `main` whose first commit holds the script and a Booking with `id` and `note`. */
function repository(): string {
  const dir = mkdtempSync(join(tmpdir(), 'buf-breaking-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'scripts'));
  mkdirSync(join(dir, 'proto', 'demo', 'v1'), { recursive: true });
  copyFileSync(join(root, 'scripts', 'buf-breaking.sh'), join(dir, 'scripts', 'buf-breaking.sh'));
  copyFileSync(join(root, 'proto', 'buf.yaml'), join(dir, 'proto', 'buf.yaml'));
  git(dir, 'init', '-q', '-b', 'main');
  commit(dir, BOTH, 'first');
  return dir;
}

function commit(dir: string, fields: string, message: string): void {
  writeFileSync(join(dir, 'proto', 'demo', 'v1', 'booking.proto'), BOOKING(fields));
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', message);
}

const check = (dir: string) => run(dir, 'bash', ['scripts/buf-breaking.sh']);

describe('buf breaking in the lint step', () => {
  it('fails on main when the last commit deletes a field, naming the field', () => {
    const dir = repository();
    commit(dir, ID_ONLY, 'delete note');
    const { status, output } = check(dir);
    expect(status).toBe(1);
    expect(output).toContain(DELETED);
  });

  it('passes once proto/BREAKING_CHANGES_ALLOWED lists that break as intended', () => {
    const dir = repository();
    writeFileSync(join(dir, 'proto', 'BREAKING_CHANGES_ALLOWED'), `# every caller moved to id\n${DELETED}\n`);
    commit(dir, ID_ONLY, 'delete note, intended');
    const { status, output } = check(dir);
    expect(status).toBe(0);
    expect(output).toContain('1 intended');
  });

  it('passes a compatible change (a new field)', () => {
    const dir = repository();
    commit(dir, `${BOTH}  string owner = 3;\n`, 'add owner');
    expect(check(dir).status).toBe(0);
  });

  it('on a branch, compares with the main commit it left from, so an earlier commit of the branch counts', () => {
    const dir = repository();
    git(dir, 'checkout', '-q', '-b', 'feature');
    commit(dir, ID_ONLY, 'delete note');
    commit(dir, `${ID_ONLY}  string owner = 3;\n`, 'add owner');
    const { status, output } = check(dir);
    expect(status).toBe(1);
    expect(output).toContain(DELETED);
  });

  it('compares nothing, and says so, in a repository of one commit and in a shallow clone', () => {
    const one = repository();
    expect(check(one)).toEqual({ status: 0, output: expect.stringContaining('nothing compared') });

    commit(one, ID_ONLY, 'delete note');
    const shallow = mkdtempSync(join(tmpdir(), 'buf-breaking-shallow-'));
    dirs.push(shallow);
    git(shallow, 'clone', '-q', '--depth', '1', `file://${one}`, '.');
    expect(check(shallow)).toEqual({ status: 0, output: expect.stringContaining('nothing compared') });
  });
});
