import { parseArgs } from 'node:util';
import pg from 'pg';
import { loadConfig, withTransaction } from '@directory/core';
import { hashPassword, newPasswordProblem } from './passwords.js';

/** The environment variable a script may give the new password in (instead of a prompt or standard input). */
export const PASSWORD_ENV = 'ADMIN_NEW_PASSWORD';

const USAGE =
  'Usage: npm run admin:password [-- --username NAME]  (prompts twice; or pipe one line on standard input, ' +
  `or set ${PASSWORD_ENV})`;

/** A refusal the command explains in a sentence (nothing was changed). */
export class AdminPasswordError extends Error {}

/**
 * Sets the password of an existing admin user and ends all of that admin's sessions, with an audit entry, in
 * one transaction. Never creates a user: an unknown name is refused with the names that exist.
 */
export async function setAdminPassword(
  databaseUrl: string,
  username: string,
  password: string,
): Promise<{ sessionsEnded: number }> {
  const problem = newPasswordProblem(password);
  if (problem) throw new AdminPasswordError(`${problem} Nothing was changed.`);
  const hash = await hashPassword(password);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await withTransaction(client, 'begin', async () => {
      const updated = await client.query<{ id: string }>(
        'update admin_users set password_hash = $1 where username = $2 returning id',
        [hash, username],
      );
      if (updated.rowCount === 0) {
        const { rows } = await client.query<{ username: string }>('select username from admin_users order by id');
        const known = rows.length ? `the admin users are: ${rows.map((r) => r.username).join(', ')}` : 'there are none';
        throw new AdminPasswordError(
          `There is no admin user "${username}" (${known}): check the name; nothing was changed.`,
        );
      }
      const ended = await client.query('delete from admin_sessions where admin_user_id = $1', [updated.rows[0].id]);
      const sessionsEnded = ended.rowCount ?? 0;
      await client.query('insert into audit_log (admin_username, action, details) values ($1, $2, $3)', [
        username,
        'password.reset',
        JSON.stringify({ via: 'command line', sessionsEnded }),
      ]);
      return { sessionsEnded };
    });
  } finally {
    await client.end();
  }
}

export interface CommandIo {
  env: NodeJS.ProcessEnv;
  stdin: NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?: (raw: boolean) => unknown };
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
}

/** `npm run admin:password`: answers the exit code, having said what it did or why it did nothing. */
export async function runAdminPasswordCommand(argv: string[], io: CommandIo): Promise<number> {
  try {
    const { values } = parseArgs({
      args: argv,
      options: { username: { type: 'string', short: 'u' }, help: { type: 'boolean', short: 'h' } },
    });
    if (values.help) {
      io.stdout.write(`${USAGE}\n`);
      return 0;
    }
    const config = loadConfig(io.env);
    const username = values.username ?? config.ADMIN_USERNAME;
    const password = await readNewPassword(username, io);
    const { sessionsEnded } = await setAdminPassword(config.DATABASE_URL, username, password);
    io.stdout.write(
      `Changed the password of admin user "${username}" and signed out ${sessionsEnded} session` +
        `${sessionsEnded === 1 ? '' : 's'} of theirs.\n`,
    );
    return 0;
  } catch (error) {
    const known = error instanceof AdminPasswordError || (error as { code?: string }).code?.startsWith('ERR_PARSE');
    io.stderr.write(`${error instanceof Error ? error.message : String(error)}${known ? '' : `\n${USAGE}`}\n`);
    return 1;
  }
}

/** The new password from the environment variable, a prompt twice without echo, or one line of standard input. */
async function readNewPassword(username: string, io: CommandIo): Promise<string> {
  const fromEnv = io.env[PASSWORD_ENV];
  if (fromEnv !== undefined) return fromEnv;
  if (io.stdin.isTTY && io.stdin.setRawMode) {
    const first = await promptHidden(`New password for "${username}": `, io);
    const second = await promptHidden('The same password again: ', io);
    if (first !== second) throw new AdminPasswordError('The two passwords differ; nothing was changed. Run it again.');
    return first;
  }
  let text = '';
  for await (const chunk of io.stdin) text += String(chunk);
  const line = text.split(/\r?\n/)[0];
  if (!line)
    throw new AdminPasswordError(
      `No password was given: type it at the prompt, pipe one line on standard input or set ${PASSWORD_ENV}.`,
    );
  return line;
}

/** Reads a line from a terminal in raw mode, so the typed characters are never shown (backspace works). */
export function promptHidden(question: string, io: Pick<CommandIo, 'stdin' | 'stdout'>): Promise<string> {
  const { stdin, stdout } = io;
  return new Promise((resolve, reject) => {
    let value = '';
    const finish = (outcome: () => void) => {
      stdin.off('data', onData);
      stdin.setRawMode?.(false);
      stdin.pause();
      stdout.write('\n');
      outcome();
    };
    const onData = (chunk: Buffer | string) => {
      for (const char of String(chunk)) {
        if (char === '\r' || char === '\n') return finish(() => resolve(value));
        if (char === '\u0003' || char === '\u0004')
          return finish(() => reject(new AdminPasswordError('Cancelled; nothing was changed.')));
        if (char === '\u007f' || char === '\b') value = Array.from(value).slice(0, -1).join('');
        else value += char;
      }
    };
    stdout.write(question);
    stdin.setEncoding('utf8');
    stdin.setRawMode?.(true);
    stdin.on('data', onData);
    stdin.resume();
  });
}
