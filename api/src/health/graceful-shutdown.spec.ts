import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { connect, createServer, type Socket } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createSuiteDatabase } from '../../../testing/database.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const MAIN = resolve(ROOT, 'api/dist/main.js');
const PASSWORD = 'admin-demo-password';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

/** The built api as it runs in production (npm test builds first), stopped with SIGTERM. */
describe('the api process on SIGTERM (node api/dist/main.js)', () => {
  let database: Awaited<ReturnType<typeof createSuiteDatabase>>;
  let child: ChildProcess;
  let port: number;
  let output = '';
  const lines = () =>
    output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  const waitForOutput = async (pattern: RegExp, what: string) => {
    const deadline = Date.now() + 50_000;
    while (!pattern.test(output)) {
      if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}; output so far:\n${output}`);
      await new Promise((done) => setTimeout(done, 25));
    }
  };
  const exited = () => new Promise<number | null>((done) => child.once('exit', (code) => done(code)));

  beforeAll(async () => {
    if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: build first (npm test does).`);
    database = await createSuiteDatabase();
    port = await freePort();
    child = spawn(process.execPath, [MAIN], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: database.url, PORT: String(port), LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await waitForOutput(/listening on http/, 'the api listens');
  });

  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    await database?.drop();
  });

  it('finishes a request in flight, refuses new connections, closes everything and exits 0', async () => {
    const base = `http://127.0.0.1:${port}`;
    // A sign-in first: its password and session cookie must not reach the logs.
    const login = await fetch(`${base}/api/admin/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Request-Id': 'login-1' },
      body: JSON.stringify({ username: 'admin', password: PASSWORD }),
    });
    expect(login.status).toBe(200);
    const session = /admin_session=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')![1];
    await fetch(`${base}/api/admin/session`, { headers: { Cookie: `admin_session=${session}` } });
    // The probes are answered, never logged.
    for (const probe of ['/health/live', '/health/ready'])
      expect((await fetch(`${base}${probe}`, { headers: { 'X-Request-Id': 'probe-1' } })).status).toBe(200);

    // A slow request: headers and half of the body now, the rest after SIGTERM. `Expect: 100-continue`
    // makes the server answer "100 Continue" in the same tick it starts the request, so the test knows
    // the request is in flight before it signals (whatever the machine's load).
    const body = JSON.stringify({
      name: 'Slow Sender',
      email: 'slow@example.test',
      subject: 'Sent across a shutdown',
      message: 'This message was still arriving when the api was told to stop.',
    });
    const socket: Socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    const closed = new Promise((done) => socket.once('close', done));
    socket.write(
      `POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nX-Request-Id: slow-1\r\nExpect: 100-continue\r\n\r\n`,
    );
    const deadline = Date.now() + 30_000;
    while (!answer.startsWith('HTTP/1.1 100 Continue')) {
      if (Date.now() > deadline) throw new Error(`No 100 Continue for the slow request; answer so far: ${answer}`);
      await new Promise((done) => setTimeout(done, 10));
    }
    socket.write(body.slice(0, 40));

    const exit = exited();
    child.kill('SIGTERM');
    await waitForOutput(/SIGTERM received.*finishing 1 request/, 'the api starts its shutdown');
    await expect(fetch(`${base}/health/live`)).rejects.toThrow();

    socket.write(body.slice(40));
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 201 /);
    expect(answer).toContain('"success":true');
    expect(await exit).toBe(0);
    expect(output).toContain('Requests finished, connections closed: exiting.');

    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const { rows } = await client.query(`select count(*)::int as n from contact_messages where subject = $1`, [
      'Sent across a shutdown',
    ]);
    await client.end();
    expect(rows[0].n).toBe(1);

    // Structured logs: one JSON line per request with its id, nothing secret.
    const slow = lines().find((line) => line.requestId === 'slow-1' && line.res);
    expect(slow).toMatchObject({
      service: 'api',
      req: { method: 'POST', url: '/api/contact' },
      res: { statusCode: 201 },
    });
    expect(lines().some((line) => line.requestId === 'login-1')).toBe(true);
    expect(lines().filter((line) => line.requestId === 'probe-1')).toEqual([]);
    expect(output).not.toContain(PASSWORD);
    expect(output).not.toContain(session);
  });
});
