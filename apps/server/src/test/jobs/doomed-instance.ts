// An instance of the Redis job queue that takes one job and then dies without a word, as a killed or crashed server
// does: run it, wait for "running" on stdout, then SIGKILL it. Arguments: Redis URL, key prefix, lock seconds.
import { createRedisJobQueue } from '../../modules/tools/jobs/redis-queue.js';

const [redisUrl = '', keyPrefix = '', lockSeconds = '1'] = process.argv.slice(2);
const queue = createRedisJobQueue({
  redisUrl,
  keyPrefix,
  lockSeconds: Number(lockSeconds),
  reservationSeconds: 120,
  concurrency: 1,
  timeoutSeconds: 60,
  retainSeconds: 60,
  maxActivePerUser: 5,
  maxActive: 100,
  clock: () => new Date(),
  process: () => {
    process.stdout.write('running\n');
    return new Promise(() => {}); // killed before it ends
  },
  discard: async () => {
    throw new Error('a doomed instance never discards');
  },
  onUnexpectedError: () => {},
  onConnectionError: () => {},
});
await queue.submit({
  userId: 'user-1',
  tool: 'writing-analysis',
  input: { name: 'doomed' },
  units: 100,
  holdId: 'hold-doomed',
  cost: 100,
});
