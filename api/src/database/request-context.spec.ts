import { type EntityManager, MikroORM, RequestContext } from '@mikro-orm/core';
import { requestContextHook } from './request-context.js';

/** A global manager whose forks record whether a request context was visible while they were made. */
function fakeOrm() {
  const forks: { madeInsideContext: boolean }[] = [];
  const em = {
    name: 'default',
    fork: () => {
      const fork = { madeInsideContext: RequestContext.currentRequestContext() !== undefined };
      forks.push(fork);
      return fork;
    },
  };
  return { orm: { em } as unknown as MikroORM, forks };
}

describe('requestContextHook', () => {
  it('forks once, on first use, outside the request context', () => {
    const { orm, forks } = fakeOrm();
    let first: EntityManager | undefined;
    let second: EntityManager | undefined;
    requestContextHook(orm)(null, null, () => {
      expect(RequestContext.currentRequestContext()).toBeDefined();
      expect(forks).toHaveLength(0);
      first = RequestContext.getEntityManager();
      second = RequestContext.getEntityManager();
    });
    expect(forks).toEqual([{ madeInsideContext: false }]);
    expect(first).toBe(forks[0]);
    expect(second).toBe(first);
  });

  it('never forks for a request that does not use the ORM, and gives each request its own fork', () => {
    const { orm, forks } = fakeOrm();
    const hook = requestContextHook(orm);
    hook(null, null, () => undefined);
    expect(forks).toHaveLength(0);
    const seen: unknown[] = [];
    for (let i = 0; i < 2; i++) hook(null, null, () => seen.push(RequestContext.getEntityManager()));
    expect(forks).toHaveLength(2);
    expect(seen[0]).not.toBe(seen[1]);
    expect(RequestContext.getEntityManager('other')).toBeUndefined();
  });
});
