import type { Redis } from 'ioredis';

// The Redis queue's writes, each one atomic Lua script: two requests or two instances never interleave inside one.

/**
 * The active sets are scored by when an entry lapses, so a job lost to a crash frees its place by itself. The time
 * is Redis's own, like its key expiry: instances whose clocks disagree still count the same jobs.
 */
const nowMs = `
local function nowMs()
  local time = redis.call('TIME')
  return tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
end
`;

/**
 * Queues a job's first snapshot if the user and the whole deployment are under their limits of unfinished jobs.
 * KEYS: job, user's jobs, user's active jobs, all active jobs. ARGV: snapshot JSON, the reservation s (the
 * snapshot's TTL), created ms, job id, per-user limit, overall limit, the user's job list TTL s. Returns 0 (queued),
 * 1 (user limit) or 2 (overall limit).
 */
const submitJob = `${nowMs}
local now = nowMs()
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', now)
redis.call('ZREMRANGEBYSCORE', KEYS[4], '-inf', now)
if redis.call('ZCARD', KEYS[3]) >= tonumber(ARGV[5]) then return 1 end
if redis.call('ZCARD', KEYS[4]) >= tonumber(ARGV[6]) then return 2 end
local activeUntil = now + tonumber(ARGV[2]) * 1000
redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2])
redis.call('ZADD', KEYS[2], ARGV[3], ARGV[4])
redis.call('EXPIRE', KEYS[2], ARGV[7])
redis.call('ZADD', KEYS[3], activeUntil, ARGV[4])
redis.call('EXPIRE', KEYS[3], ARGV[2])
redis.call('ZADD', KEYS[4], activeUntil, ARGV[4])
return 0
`;

/**
 * Replaces a job's snapshot with a later one and publishes it, unless the stored one is as new or already finished:
 * whoever writes from an older view (a cancel racing a worker, an instance that lost the job) changes nothing.
 * KEYS: job, user's active jobs, all active jobs, cancel mark, user's jobs. ARGV: snapshot JSON, version, finished
 * (1/0), TTL s, job id, channel, message, the status the stored snapshot must have ('' for any), refuse when
 * cancelled (1/0), the reservation s, the user's job list TTL s. Returns 1 (written), 0 (refused) or 2 (refused: the
 * job was marked cancelled).
 */
const commitJob = `${nowMs}
local current = redis.call('GET', KEYS[1])
if not current then return 0 end
local stored = cjson.decode(current)
if stored.version >= tonumber(ARGV[2]) then return 0 end
if stored.snapshot.finished_at ~= cjson.null then return 0 end
if ARGV[8] ~= '' and stored.snapshot.status ~= ARGV[8] then return 0 end
if ARGV[9] == '1' and redis.call('EXISTS', KEYS[4]) == 1 then return 2 end
redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[4])
if ARGV[3] == '1' then
  redis.call('ZREM', KEYS[2], ARGV[5])
  redis.call('ZREM', KEYS[3], ARGV[5])
else
  local activeUntil = nowMs() + tonumber(ARGV[10]) * 1000
  redis.call('ZADD', KEYS[2], 'XX', activeUntil, ARGV[5])
  redis.call('ZADD', KEYS[3], 'XX', activeUntil, ARGV[5])
  redis.call('EXPIRE', KEYS[2], ARGV[10])
end
redis.call('EXPIRE', KEYS[5], ARGV[11])
redis.call('PUBLISH', ARGV[6], ARGV[7])
return 1
`;

export interface JobScripts {
  submitJob(keys: [string, string, string, string], args: (string | number)[]): Promise<number>;
  commitJob(keys: [string, string, string, string, string], args: (string | number)[]): Promise<number>;
}

/** The scripts on `client` (ioredis sends each by its SHA after the first call). */
export function jobScripts(client: Redis): JobScripts {
  client.defineCommand('candorSubmitJob', { numberOfKeys: 4, lua: submitJob });
  client.defineCommand('candorCommitJob', { numberOfKeys: 5, lua: commitJob });
  const scripted = client as Redis & {
    candorSubmitJob(...args: (string | number)[]): Promise<number>;
    candorCommitJob(...args: (string | number)[]): Promise<number>;
  };
  return {
    submitJob: (keys, args) => scripted.candorSubmitJob(...keys, ...args),
    commitJob: (keys, args) => scripted.candorCommitJob(...keys, ...args),
  };
}
