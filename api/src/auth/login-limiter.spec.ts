import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpException } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { loadConfig, sideRedis, whenReady } from '@directory/core';
import { CACHE_REDIS } from '../cache/public-cache.service.js';
import { startTestApp, type TestApp } from '../testing/test-app.js';
import { IP_POINTS, LoginLimiter, tooManyAttemptsMessage, USERNAME_IP_POINTS } from './login-limiter.js';

const PASSWORD = 'admin-demo-password';

interface Answer {
  status: number;
  retryAfter?: string;
  body: { message?: string };
}

/**
 * The api with trust proxy off (the default), called from distinct loopback addresses (Linux routes all of
 * 127.0.0.0/8 to the loopback interface), so req.ip really differs between callers.
 */
describe('sign-in limits', () => {
  let t: TestApp;
  let port: number;
  const redisClients: Redis[] = [];

  const loginFrom = (localAddress: string, username: string, password: string) =>
    new Promise<Answer>((resolve, reject) => {
      const body = JSON.stringify({ username, password });
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          localAddress,
          method: 'POST',
          path: '/api/admin/login',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () =>
            resolve({
              status: res.statusCode!,
              retryAfter: res.headers['retry-after'] as string | undefined,
              body: JSON.parse(text),
            }),
          );
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  const statuses = async (n: number, from: string, username: string, password = 'wrong') => {
    const seen: number[] = [];
    for (let i = 0; i < n; i++) seen.push((await loginFrom(from, username, `${password}-${i}`)).status);
    return seen;
  };
  /** A limiter of another "api instance": its own Redis connection, the same prefix. */
  const otherInstance = async (redisUrl = loadConfig().REDIS_URL) => {
    const redis = sideRedis({ REDIS_URL: redisUrl }, 'login-limiter-spec');
    redisClients.push(redis);
    await whenReady(redis, 500);
    return new LoginLimiter(redis, { REDIS_PREFIX: process.env.REDIS_PREFIX! });
  };
  const headers = () => {
    const seen: Record<string, string> = {};
    return { seen, header: (name: string, value: string) => ((seen[name] = value), undefined as never) };
  };

  beforeAll(async () => {
    t = await startTestApp();
    await t.app.listen(0, '127.0.0.1');
    port = (t.app.getHttpServer().address() as AddressInfo).port;
  });
  afterAll(async () => {
    for (const redis of redisClients) redis.disconnect();
    await t.close();
  });

  it('ten wrong passwords from one address block that address for the user, not the admin elsewhere', async () => {
    expect(await statuses(USERNAME_IP_POINTS, '127.0.0.2', 'admin')).toEqual(Array(USERNAME_IP_POINTS).fill(401));
    const limited = await loginFrom('127.0.0.2', 'admin', PASSWORD);
    expect(limited.status).toBe(429);
    expect(Number(limited.retryAfter)).toBeGreaterThan(14 * 60);
    expect(Number(limited.retryAfter)).toBeLessThanOrEqual(15 * 60);
    expect(limited.body.message).toBe('Too many sign-in attempts from this address. Wait 15 minutes and try again.');

    expect((await loginFrom('127.0.0.3', 'admin', PASSWORD)).status).toBe(200);
    // The same address may still try another username (its address budget is not used up).
    expect((await loginFrom('127.0.0.2', 'someone-else', 'wrong')).status).toBe(401);
  });

  it('keeps the counters in Redis under REDIS_PREFIX, seen by every api instance', async () => {
    const redis = t.app.get<Redis>(CACHE_REDIS);
    const keys = await redis.keys(`${process.env.REDIS_PREFIX}:login:*`);
    expect(keys).toEqual(expect.arrayContaining([`${process.env.REDIS_PREFIX}:login:username-ip:127.0.0.2|admin`]));
    const other = await otherInstance();
    const res = headers();
    await expect(other.begin('127.0.0.2', 'Admin ', res)).rejects.toBeInstanceOf(HttpException);
    expect(Number(res.seen['Retry-After'])).toBeGreaterThan(0);
  });

  it('does not count successful sign-ins', async () => {
    const ok: number[] = [];
    for (let i = 0; i < IP_POINTS + 5; i++) ok.push((await loginFrom('127.0.0.4', 'admin', PASSWORD)).status);
    expect(ok).toEqual(Array(IP_POINTS + 5).fill(200));
  });

  it('forgets earlier typos of a username at an address once the right password is typed there', async () => {
    expect(await statuses(USERNAME_IP_POINTS - 1, '127.0.0.5', 'admin')).toEqual(Array(9).fill(401));
    expect((await loginFrom('127.0.0.5', 'admin', PASSWORD)).status).toBe(200);
    expect(await statuses(USERNAME_IP_POINTS, '127.0.0.5', 'admin')).toEqual(Array(USERNAME_IP_POINTS).fill(401));
    expect((await loginFrom('127.0.0.5', 'admin', PASSWORD)).status).toBe(429);
  });

  it('limits one address across usernames', async () => {
    const seen: number[] = [];
    for (let i = 0; i < IP_POINTS + 1; i++) seen.push((await loginFrom('127.0.0.6', `user-${i}`, 'wrong')).status);
    expect(seen.slice(0, IP_POINTS)).toEqual(Array(IP_POINTS).fill(401));
    expect(seen[IP_POINTS]).toBe(429);
    expect((await loginFrom('127.0.0.7', 'user-0', 'wrong')).status).toBe(401);
  });

  it('still limits, in memory, while Redis cannot be reached', async () => {
    const offline = await otherInstance('redis://127.0.0.1:1');
    const res = headers();
    for (let i = 0; i < USERNAME_IP_POINTS; i++) await offline.begin('10.0.0.1', 'admin', res);
    const refusal = await offline.begin('10.0.0.1', 'admin', res).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(HttpException);
    expect((refusal as HttpException).getStatus()).toBe(429);
    expect(res.seen['Retry-After']).toBe(String(15 * 60));
    // A success is refunded in memory too, and another address is not affected.
    const attempt = await offline.begin('10.0.0.2', 'admin', res);
    await attempt.succeeded();
    for (let i = 0; i < USERNAME_IP_POINTS; i++) await offline.begin('10.0.0.2', 'admin', res);
  });

  it('words the wait in whole minutes', () => {
    expect(tooManyAttemptsMessage(30)).toBe(
      'Too many sign-in attempts from this address. Wait 1 minute and try again.',
    );
    expect(tooManyAttemptsMessage(61)).toBe(
      'Too many sign-in attempts from this address. Wait 2 minutes and try again.',
    );
  });
});
