// `npm run cluster`: N instances (default 3) of the built server on one PostgreSQL and one Redis behind HAProxy, on
// this machine, until Ctrl-C. PostgreSQL and Redis come from DATABASE_URL and REDIS_URL, else from
// scripts/services.sh (installed and started when missing). docs/operations.md is the production recipe.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ensureDatabase, repoRoot, startCluster } from './cluster/cluster.mjs';

const usage = `Usage: npm run cluster -- [options]

  --instances N        instances serving every service (default 3)
  --services LIST      SERVICES of each instance, ';'-separated, e.g. 'auth,payment;detector,api;governance'
                       (overrides --instances; a service must be served by one instance at least)
  --port PORT          the proxy's port (default 8080); instance i listens on PORT + i
  --database NAME      the PostgreSQL database, created when missing (default candor_cluster)
  --fresh              drop the database and start empty
  --data-dir DIR       secrets, per-instance DATA_DIRs, the shared outbox and logs (default .data/cluster)
  --build              run npm run build first (also done when apps/server/dist is missing)

Environment: DATABASE_URL (an admin URL: the database is made beside it), REDIS_URL, REDIS_KEY_PREFIX (default
candor-cluster), JWT_SECRET and PII_VAULT_KEY (else generated once into DATA_DIR/secrets.json), and any other server
variable (README.md), passed to every instance.`;

let args;
try {
  ({ values: args } = parseArgs({
    options: {
      instances: { type: 'string', default: '3' },
      services: { type: 'string' },
      port: { type: 'string', default: '8080' },
      database: { type: 'string', default: 'candor_cluster' },
      fresh: { type: 'boolean', default: false },
      'data-dir': { type: 'string', default: path.join(repoRoot, '.data/cluster') },
      build: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  }));
} catch (error) {
  console.error(`${error.message}\n\n${usage}`);
  process.exit(2);
}
if (args.help) {
  console.info(usage);
  process.exit(0);
}
const count = Number(args.instances);
const proxyPort = Number(args.port);
if (!Number.isInteger(count) || count < 1 || count > 16 || !Number.isInteger(proxyPort)) {
  console.error(`--instances must be 1 to 16 and --port a number\n\n${usage}`);
  process.exit(2);
}

// PostgreSQL and Redis: the configured ones, or the machine's own from scripts/services.sh.
if (!process.env.DATABASE_URL || !process.env.REDIS_URL) {
  const services = spawnSync('bash', [path.join(repoRoot, 'scripts/services.sh')], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (services.status !== 0) process.exit(services.status ?? 1);
  for (const match of services.stdout.matchAll(/^export (\w+)="\$\{\w+:-(.*)\}"$/gm)) {
    process.env[match[1]] ||= match[2];
  }
}
if (args.build || !existsSync(path.join(repoRoot, 'apps/server/dist/main.js'))) {
  const build = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const databaseUrl = await ensureDatabase(process.env.DATABASE_URL, args.database, { fresh: args.fresh });
const cluster = await startCluster({
  instances: args.services ? args.services.split(';') : count,
  proxyPort,
  databaseUrl,
  redisUrl: process.env.REDIS_URL,
  redisKeyPrefix: process.env.REDIS_KEY_PREFIX || 'candor-cluster',
  dataDir: path.resolve(args['data-dir']),
});
console.info(`Candor cluster: ${cluster.proxyUrl} (HAProxy) →`);
for (const m of cluster.instances) console.info(`  ${m.name}  ${m.url}  ${m.services.join(',')}  log ${m.logFile}`);
console.info(`database ${new URL(databaseUrl).pathname.slice(1)}, mail in ${cluster.outbox}. Ctrl-C stops it.`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    console.info('stopping the cluster…');
    await cluster.stop();
    process.exit(0);
  });
}
