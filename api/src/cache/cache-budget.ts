import type { Redis } from 'ioredis';

/**
 * The public cache's own memory budget. Redis is shared with BullMQ's queues and must never evict their keys,
 * so it runs without a maxmemory-policy and the api bounds its entries itself: every stored entry is
 * recorded with its cost in a sorted set (scored by the time it expires) and a hash, their sum kept in a
 * counter, and a store that would go over the budget first removes the entries expiring soonest. Only keys
 * recorded in that set are ever removed, so nothing but cache entries can be evicted.
 */
export function cacheBudgetKeys(prefix: string) {
  return {
    /** Entry key → the time (ms) it expires. */
    index: `${prefix}:cache:index`,
    /** Entry key → its cost in bytes. */
    sizes: `${prefix}:cache:sizes`,
    /** The sum of the recorded costs. */
    bytes: `${prefix}:cache:bytes`,
  };
}

/**
 * What an entry is counted for: its value plus a quarter (the allocator rounds a block up to its size class,
 * by up to a quarter), its key three times (entry, index, hash) and Redis's per-key overhead (dictionary
 * entries, object headers, expiry, index node), rounded up so the count is never below what Redis holds.
 */
export const ENTRY_OVERHEAD_BYTES = 256;

/**
 * Stores an entry within the budget, atomically. KEYS: the entry, index, sizes, bytes. ARGV: the value, TTL
 * seconds, budget bytes, now (ms). Answers 1 when stored, 0 when the entry alone is over the budget.
 * Recorded entries that have expired are dropped (up to 100 a call, so a call stays short); the counter
 * may count an entry that expired but was not dropped yet, never less than what is stored, so the cache's
 * bytes stay under the budget. The index names keys outside KEYS: a single Redis, as the rest of the api.
 */
const STORE_SCRIPT = `
local cost = math.ceil(#ARGV[1] * 1.25) + 3 * #KEYS[1] + ${ENTRY_OVERHEAD_BYTES}
local budget = tonumber(ARGV[3])
local now = tonumber(ARGV[4])
if cost > budget then return 0 end
local previous = tonumber(redis.call('HGET', KEYS[3], KEYS[1]) or '0')
redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2])
redis.call('HSET', KEYS[3], KEYS[1], cost)
redis.call('ZADD', KEYS[2], now + tonumber(ARGV[2]) * 1000, KEYS[1])
local total = redis.call('INCRBY', KEYS[4], cost - previous)
local function drop(key)
  local size = tonumber(redis.call('HGET', KEYS[3], key) or '0')
  redis.call('HDEL', KEYS[3], key)
  redis.call('UNLINK', key)
  total = redis.call('DECRBY', KEYS[4], size)
end
for _, key in ipairs(redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', '(' .. now, 'LIMIT', 0, 100)) do
  redis.call('ZREM', KEYS[2], key)
  drop(key)
end
local kept = nil
while total > budget do
  local oldest = redis.call('ZPOPMIN', KEYS[2])
  if #oldest == 0 then break end
  if oldest[1] == KEYS[1] then kept = oldest[2] else drop(oldest[1]) end
end
if kept then redis.call('ZADD', KEYS[2], kept, KEYS[1]) end
return 1`;

type StoreRedis = Redis & {
  cacheStore(
    entry: string,
    index: string,
    sizes: string,
    bytes: string,
    value: Buffer,
    ttlSeconds: number,
    budgetBytes: number,
    now: number,
  ): Promise<number>;
};

/** Stores a cache entry within the budget; false when the entry alone is larger than the budget. */
export async function storeWithinBudget(
  redis: Redis,
  prefix: string,
  budgetBytes: number,
  key: string,
  value: Buffer,
  ttlSeconds: number,
): Promise<boolean> {
  // EVALSHA (EVAL once the script is unknown to Redis); defined once per client.
  if (!('cacheStore' in redis)) redis.defineCommand('cacheStore', { numberOfKeys: 4, lua: STORE_SCRIPT });
  const { index, sizes, bytes } = cacheBudgetKeys(prefix);
  const stored = await (redis as StoreRedis).cacheStore(
    key,
    index,
    sizes,
    bytes,
    value,
    ttlSeconds,
    Math.floor(budgetBytes),
    Date.now(),
  );
  return stored === 1;
}
