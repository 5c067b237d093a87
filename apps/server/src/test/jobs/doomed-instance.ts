// An instance of the Redis job queue that dies without a word, as a killed or crashed server does. Arguments: Redis
// URL, key prefix, lock seconds, and when it dies: "running" (the default) takes its job and says "running" on
// stdout, to be sent SIGKILL; "queueing" kills itself after storing its job's snapshot, before BullMQ has the job.
import { Queue } from 'bullmq';
import { createRedisJobQueue } from '../../modules/tools/jobs/redis-queue.js';

const [redisUrl = '', keyPrefix = '', lockSeconds = '1', dieWhen = 'running'] = process.argv.slice(2);
if (dieWhen === 'queueing') {
  Queue.prototype.add = () => {
    process.kill(process.pid, 'SIGKILL');
    return new Promise(() => {});
  };
}
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
