// The shared cache's storage in Redis, used by the Redis cache handler (what Next reads and
// writes) and by revalidateContent() (which invalidates directly, so every instance stops
// serving an old page before the publish is answered). Plain JavaScript: Next loads the
// handler with Node's own loader, outside the bundle.
//
// Layout, under REDIS_KEY_PREFIX (default "duet"):
//   <prefix>:tags                 hash: tag → when it was last invalidated (Redis time, µs);
//                                 field "*" is the floor: every entry begun before it is refused
//   <prefix>:<buildId>:e:<key>    hash {m: when its render began (µs), t: tags, v: JSON}, with a TTL
// The tags hash has no TTL, so `volatile-lru` never evicts it; if it disappears anyway
// (flush, an `allkeys-*` policy), the next read writes a new floor: entries older are refused.
//
// Every time comes from the Redis server's clock (TIME inside the scripts), so instances whose
// clocks disagree cannot mistake an old entry for a fresh one. An entry counts from the moment
// its render began (the read that missed), not from when it was stored, so a render that read
// the database before a publish and finished after it is refused too.
//
// Redis unreachable: reads miss and writes are dropped within TIMEOUT_MS; nothing throws.
// What could not be said meanwhile is owed and paid before this process reads again: an
// invalidation that failed is written as soon as Redis answers, and a process that lost its
// connection (Redis restarted, maybe from an old snapshot; another instance may have
// published meanwhile) or has just started (the CLI may have changed content while no server
// ran) first raises the floor, so nothing stored before that moment is served.
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import pino from 'pino';
import { createClient } from 'redis';

/** How long one operation may wait for Redis before the page renders without it. */
export const TIMEOUT_MS = 500;
/** How long reads and writes skip a Redis that let one of them time out. */
const QUIET_MS = 1000;
/** How soon an invalidation or floor that could not be written is tried again. */
const RETRY_MS = 1000;
/** The floor's field in the tags hash; Next's tags never contain "*" and ",". */
const FLOOR = '*';

const log = pino({ level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'silent' : 'info'), base: { app: 'duet' } });

function script(text) {
  return { text, sha: createHash('sha1').update(text).digest('hex') };
}

const NOW = `local t = redis.call('TIME') local now = t[1] .. string.format('%06d', tonumber(t[2]))`;
// True when the entry begun at m is refused: no floor (bookkeeping lost), a floor after m, or
// one of its tags invalidated at or after m. (The read that writes a floor begins at it.)
const IS_REFUSED = `local function refused(tags, m, csv)
  local floor = redis.call('HGET', tags, '${FLOOR}')
  if not floor or tonumber(floor) > m then return true end
  for tag in string.gmatch(csv, '[^,]+') do
    local at = redis.call('HGET', tags, tag)
    if at and tonumber(at) >= m then return true end
  end
  return false
end`;

// KEYS: entry, tags. ARGV: tags the caller knows (csv). Returns {now} or {now, m, v}.
const READ = script(`${NOW} ${IS_REFUSED}
if not redis.call('HGET', KEYS[2], '${FLOOR}') then redis.call('HSET', KEYS[2], '${FLOOR}', now) return {now} end
local e = redis.call('HMGET', KEYS[1], 'm', 't', 'v')
if not e[3] or refused(KEYS[2], tonumber(e[1]), e[2] .. ',' .. ARGV[1]) then return {now} end
return {now, e[1], e[3]}`);

// KEYS: entry, tags. ARGV: m ('' = now), tags csv, value, ttl seconds. Stores nothing that a
// reader would refuse, nor over a newer entry. Returns 1 when stored.
const WRITE = script(`${NOW} ${IS_REFUSED}
local m = ARGV[1] ~= '' and ARGV[1] or now
if refused(KEYS[2], tonumber(m), ARGV[2]) then return 0 end
local old = redis.call('HGET', KEYS[1], 'm')
if old and tonumber(old) > tonumber(m) then return 0 end
redis.call('HSET', KEYS[1], 'm', m, 't', ARGV[2], 'v', ARGV[3])
redis.call('EXPIRE', KEYS[1], ARGV[4])
return 1`);

// KEYS: tags. ARGV: the tags to invalidate ("*" raises the floor). Returns now.
const INVALIDATE = script(`${NOW}
for i = 1, #ARGV do
  local old = redis.call('HGET', KEYS[1], ARGV[i])
  if not old or tonumber(now) > tonumber(old) then redis.call('HSET', KEYS[1], ARGV[i], now) end
end
redis.call('HSETNX', KEYS[1], '${FLOOR}', now)
return now`);

function withDeadline(promise, what) {
  let timer;
  const deadline = new Promise((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error(`Redis did not answer ${what} within ${TIMEOUT_MS} ms`), { isDeadline: true })), TIMEOUT_MS);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

/**
 * One process's view of the shared cache: one connection, and what it owes Redis.
 * @param {{ url: string, prefix?: string }} options
 */
export function createRedisCacheStore({ url, prefix = 'duet' }) {
  const tagsKey = `${prefix}:tags`;
  // `errors` counts connection errors, so a floor paid while a new error came in stays owed.
  const state = { owesFloor: true, owedTags: new Set(), isDown: false, errors: 0, quietUntil: 0 };
  const client = createClient({
    url,
    // Commands fail at once while disconnected instead of waiting in a queue.
    disableOfflineQueue: true,
    commandsQueueMaxLength: 1000,
    socket: { connectTimeout: TIMEOUT_MS * 2, reconnectStrategy: (retries) => Math.min(50 * 2 ** retries, 2000) },
  });
  client.on('error', (error) => {
    // Whatever another instance did meanwhile may not have reached this one's view.
    state.owesFloor = true;
    state.errors += 1;
    if (!state.isDown) log.warn({ err: error }, 'Redis is unreachable: pages render without the shared cache until it is back');
    state.isDown = true;
  });
  client.on('ready', () => {
    if (state.isDown) log.info('Redis is reachable again');
    state.isDown = false;
    // At once, not at this process's next request: a quiet instance may owe an invalidation.
    void settle();
  });
  // A build or a script that loaded this must still be able to exit.
  client.unref();
  const connecting = client.connect().catch(() => {}); // retried by reconnectStrategy; 'error' logs

  async function run(what, { text, sha }, keys, args) {
    const command = (name, body) => client.sendCommand([name, body, String(keys.length), ...keys, ...args]);
    return withDeadline(
      command('EVALSHA', sha).catch((error) => {
        if (String(error?.message).startsWith('NOSCRIPT')) return command('EVAL', text);
        throw error;
      }),
      what,
    ).catch((error) => {
      // Connected but not answering (hung, overloaded): the next reads and writes skip it for
      // a moment instead of each waiting TIMEOUT_MS, so a page with many reads is not slowed.
      if (error?.isDeadline) state.quietUntil = Date.now() + QUIET_MS;
      throw error;
    });
  }

  const isQuiet = () => Date.now() < state.quietUntil;

  /** Pays what this process owes before it reads or writes again; false while Redis is away. */
  async function settle() {
    if (!state.owesFloor && state.owedTags.size === 0) return true;
    const tags = [...state.owedTags, ...(state.owesFloor ? [FLOOR] : [])];
    const errors = state.errors;
    try {
      await run('an invalidation', INVALIDATE, [tagsKey], tags);
      for (const tag of tags) state.owedTags.delete(tag);
      if (tags.includes(FLOOR) && state.errors === errors) state.owesFloor = false;
      return true;
    } catch {
      // Tried again shortly even if this process serves nothing meanwhile (a reconnection
      // also tries at once); Redis may be answering others while it is slow to this one.
      if (!state.closed) state.retry ??= setTimeout(() => {
        state.retry = undefined;
        void settle();
      }, RETRY_MS).unref();
      return false;
    }
  }

  return {
    entryKey: (buildId, key) => `${prefix}:${buildId}:e:${key}`,

    /**
     * The stored value under `key` unless refused, and the moment (µs, Redis time) this read
     * happened, which is when a render that follows a miss begins. Null when Redis is away.
     * @returns {Promise<{ now: string, m?: string, v?: string } | null>}
     */
    async read(entryKey, knownTags) {
      if (isQuiet() || !(await settle())) return null;
      try {
        const [now, m, v] = await run('a read', READ, [entryKey, tagsKey], [knownTags.join(',')]);
        return v === undefined ? { now: String(now) } : { now: String(now), m: String(m), v: String(v) };
      } catch {
        return null;
      }
    },

    /** Stores `value` as begun at `since` (µs, Redis time; null = now). False if dropped. */
    async write(entryKey, { since, tags, value, ttlSeconds }) {
      if (isQuiet() || !(await settle())) return false;
      try {
        const stored = await run('a write', WRITE, [entryKey, tagsKey], [since ?? '', tags.join(','), value, String(Math.max(1, Math.ceil(ttlSeconds)))]);
        return Number(stored) === 1;
      } catch {
        return false;
      }
    },

    /** Forgets one entry (its key rendered an error, or Next dropped it). */
    async remove(entryKey) {
      await withDeadline(client.del(entryKey), 'a delete').catch(() => {});
    },

    /**
     * Refuses every entry carrying one of `tags` begun before now, on every instance. Never
     * throws: if Redis is away the invalidation is owed and written when it is back, before
     * this process reads again. True when it reached Redis now.
     */
    async invalidate(tags) {
      for (const tag of tags) if (tag && !tag.includes(',')) state.owedTags.add(tag);
      // A publish waits a moment for a connection being made (a process just started); a read never does.
      if (!client.isReady) await once(client, 'ready', { signal: AbortSignal.timeout(TIMEOUT_MS) }).catch(() => {});
      return settle();
    },

    /** Resolves once connected (never while Redis stays away); for tests. */
    connected: () => connecting,

    /** Drops the connection and anything waiting on it. */
    close() {
      state.closed = true;
      clearTimeout(state.retry);
      client.destroy();
    },
  };
}

/** The store of this process for REDIS_URL, shared by the handler Next loads and the app's bundle. */
export function sharedRedisCacheStore(env = process.env) {
  const stores = (globalThis[Symbol.for('duet.redisCacheStores')] ??= new Map());
  const prefix = env.REDIS_KEY_PREFIX || 'duet';
  const id = `${env.REDIS_URL}\n${prefix}`;
  if (!stores.has(id)) stores.set(id, createRedisCacheStore({ url: env.REDIS_URL, prefix }));
  return stores.get(id);
}
