import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { PassThrough } from 'node:stream';
import pg from 'pg';
import { createSuiteDatabase } from '../../../testing/database.js';
import { type CommandIo, promptHidden, runAdminPasswordCommand } from './admin-password.js';
import { hashPassword, verifyPassword } from './passwords.js';

const BUILT_CLI = resolve('api/dist/auth/admin-password-cli.js');
const NEW_PASSWORD = 'recovered-admin-password';

/** Collects what a command writes. */
function sink() {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return { stream, text: () => text };
}

describe('npm run admin:password', () => {
  let database: { url: string; drop: () => Promise<void> };
  let db: pg.Client;
  const hashOf = async (username: string) =>
    (await db.query('select password_hash from admin_users where username = $1', [username])).rows[0].password_hash;
  const sessionsOf = async (username: string) =>
    Number(
      (
        await db.query(
          'select count(*) from admin_sessions s join admin_users u on u.id = s.admin_user_id where u.username = $1',
          [username],
        )
      ).rows[0].count,
    );
  const run = async (argv: string[], env: Record<string, string>, stdinText = '') => {
    const stdout = sink();
    const stderr = sink();
    const stdin = new PassThrough();
    stdin.end(stdinText);
    const io: CommandIo = {
      env: { DATABASE_URL: database.url, ...env },
      stdin,
      stdout: stdout.stream,
      stderr: stderr.stream,
    };
    const code = await runAdminPasswordCommand(argv, io);
    return { code, stdout: stdout.text(), stderr: stderr.text() };
  };

  beforeAll(async () => {
    database = await createSuiteDatabase();
    db = new pg.Client({ connectionString: database.url });
    await db.connect();
    const hash = await hashPassword('admin-demo-password');
    await db.query(`insert into admin_users (username, password_hash) values ('admin', $1), ('editor', $1)`, [hash]);
  });
  afterAll(async () => {
    await db.end();
    await database.drop();
  });

  // Every test starts with two sessions per admin.
  beforeEach(async () => {
    await db.query('delete from admin_sessions');
    await db.query(
      `insert into admin_sessions (token_hash, admin_user_id, expires_at)
       select md5(random()::text) || username || n, id, now() + interval '1 hour'
       from admin_users, generate_series(1, 2) n`,
    );
  });

  it('sets the password of the named admin from the environment, ends their sessions and audits it', async () => {
    const editorHash = await hashOf('editor');
    const result = await run(['--username', 'admin'], { ADMIN_NEW_PASSWORD: NEW_PASSWORD });
    expect(result).toEqual({
      code: 0,
      stdout: 'Changed the password of admin user "admin" and signed out 2 sessions of theirs.\n',
      stderr: '',
    });
    expect(await verifyPassword(await hashOf('admin'), NEW_PASSWORD)).toBe(true);
    expect(await sessionsOf('admin')).toBe(0);
    expect(await hashOf('editor')).toBe(editorHash);
    expect(await sessionsOf('editor')).toBeGreaterThan(0);
    const { rows } = await db.query(`select admin_username, details from audit_log where action = 'password.reset'`);
    expect(rows).toEqual([{ admin_username: 'admin', details: { via: 'command line', sessionsEnded: 2 } }]);
  });

  it('reads one line of standard input and defaults to ADMIN_USERNAME', async () => {
    const result = await run([], { ADMIN_USERNAME: 'editor' }, 'piped-in-password-123\nignored\n');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Changed the password of admin user "editor"/);
    expect(await verifyPassword(await hashOf('editor'), 'piped-in-password-123')).toBe(true);
  });

  it('creates nobody: an unknown user is refused with the names that exist', async () => {
    const result = await run(['-u', 'root'], { ADMIN_NEW_PASSWORD: NEW_PASSWORD });
    expect(result).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'There is no admin user "root" (the admin users are: admin, editor): check the name; nothing was changed.\n',
    });
    expect((await db.query(`select 1 from admin_users where username = 'root'`)).rowCount).toBe(0);
  });

  it('refuses a short password, the demo password and an empty input, changing nothing', async () => {
    const before = await hashOf('admin');
    const short = await run([], { ADMIN_NEW_PASSWORD: 'eleven-char' });
    expect(short.code).toBe(1);
    expect(short.stderr).toBe('The new password is too short: use at least 12 characters. Nothing was changed.\n');
    expect((await run([], { ADMIN_NEW_PASSWORD: 'admin-demo-password' })).stderr).toMatch(/demo password/);
    expect((await run([], {}, '')).stderr).toMatch(/^No password was given/);
    expect(await hashOf('admin')).toBe(before);
    expect(await sessionsOf('admin')).toBeGreaterThan(0);
  });

  it('prompts on a terminal without echoing what is typed', async () => {
    const terminal = Object.assign(new PassThrough(), { isTTY: true, raw: false, setRawMode: (raw: boolean) => raw });
    const output = sink();
    const typed = promptHidden('New password: ', { stdin: terminal, stdout: output.stream });
    terminal.write('secrett');
    terminal.write('\u007f-word\r');
    expect(await typed).toBe('secret-word');
    expect(output.text()).toBe('New password: \n');
  });

  // The built command as an operator runs it (npm test builds first; a bare jest run without a build skips it).
  (existsSync(BUILT_CLI) || process.env.CI ? it : it.skip)('runs as a command from the built api', async () => {
    const child = spawn(process.execPath, [BUILT_CLI, '--username', 'editor'], {
      env: { ...process.env, DATABASE_URL: database.url },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stdin.end('from-a-real-process\n');
    const code = await new Promise<number | null>((done) => child.on('exit', done));
    expect({ code, out }).toEqual({
      code: 0,
      out: 'Changed the password of admin user "editor" and signed out 2 sessions of theirs.\n',
    });
    expect(await verifyPassword(await hashOf('editor'), 'from-a-real-process')).toBe(true);
  });
});
