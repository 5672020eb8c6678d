import type { AsyncLocalStorage } from 'node:async_hooks';
import { type EntityManager, type MikroORM, RequestContext } from '@mikro-orm/core';

/** RequestContext.create's own store (private in its typings; create() would fork at once). */
const contexts = (RequestContext as unknown as { storage: AsyncLocalStorage<RequestContext> }).storage;

/**
 * The request's EntityManager forks, made on first use: a request that never touches the ORM (search, health,
 * a cache hit) no longer pays for a fork (MikroORM's fork rewrites its configuration, and process.env, twice).
 * Every reader goes through `map.get(name)` (RequestContext.getEntityManager), so the first one gets the fork
 * the eager middleware would have made at the start of the request: one per request, from the global manager.
 */
class LazyForks extends Map<string, EntityManager> {
  constructor(private readonly root: EntityManager) {
    super();
  }

  override get(name: string): EntityManager | undefined {
    let fork = super.get(name);
    if (!fork && name === this.root.name) {
      // Made outside this context, as the eager middleware made it before entering it: a new manager resolves
      // its context while it is built, which here would ask this map again. It forks the global manager itself.
      fork = contexts.exit(() => this.root.fork({ useContext: true, disableContextResolution: true }));
      super.set(name, fork);
    }
    return fork;
  }
}

/**
 * Replaces @mikro-orm/nestjs's request-context middleware (registerRequestContext: false in app.module.ts): a
 * Fastify onRequest hook, so everything after it (hooks, guards, the handler) runs in the request's context.
 */
export function requestContextHook(orm: MikroORM) {
  return (_request: unknown, _reply: unknown, done: () => void): void => {
    contexts.run(new RequestContext(new LazyForks(orm.em)), done);
  };
}
