// The HAProxy configuration of a cluster: one frontend, a backend per distinct set of instances a path prefix may
// reach, health checks on /readyz, no stickiness, and timeouts that let SSE streams and upgraded connections live.

/** Path prefixes of the five services (apps/server/src/app.ts servicePrefixes). */
export const servicePrefixes = {
  auth: '/api/auth/',
  payment: '/api/payment/',
  detector: '/api/detector/',
  governance: '/api/governance/',
  api: '/api/public/',
};
export const allServices = Object.keys(servicePrefixes);

/**
 * @param {{ bind: string, statsSocket?: string, instances: { name: string, host: string, port: number, services: string[] }[], maxconn?: number }} options
 * @returns {string}
 */
export function haproxyConfig({ bind, statsSocket, instances, maxconn = 4096 }) {
  const backends = new Map([['all', instances]]);
  const routes = [];
  for (const [service, prefix] of Object.entries(servicePrefixes)) {
    const serving = instances.filter((instance) => instance.services.includes(service));
    if (serving.length === 0) throw new Error(`no instance serves ${service}`);
    if (serving.length === instances.length) continue;
    backends.set(service, serving);
    routes.push(`  use_backend ${service} if { path_beg ${prefix} } || { path ${prefix.slice(0, -1)} }`);
  }
  const lines = [
    'global',
    `  maxconn ${maxconn}`,
    ...(statsSocket ? [`  stats socket ${statsSocket} mode 600 level admin`] : []),
    // A reload or stop waits at most this long for open streams before closing them.
    '  hard-stop-after 30s',
    '',
    'defaults',
    '  mode http',
    '  log global',
    '  option forwardfor',
    '  option redispatch',
    // Only a connection that never reached an instance is retried elsewhere: a sent POST is never repeated.
    '  retries 2',
    '  retry-on conn-failure',
    '  timeout connect 3s',
    // Idle limits above the server\'s SSE heartbeat (15 s) with room for a busy instance.
    '  timeout client 60s',
    '  timeout server 60s',
    '  timeout http-request 15s',
    '  timeout http-keep-alive 10s',
    '  timeout queue 30s',
    // WebSocket and other upgraded connections: idle for up to an hour once upgraded.
    '  timeout tunnel 1h',
    '  timeout client-fin 5s',
    '',
    'frontend candor',
    `  bind ${bind}`,
    '  http-request set-header X-Forwarded-Proto https if { ssl_fc }',
    '  http-request set-header X-Forwarded-Proto http if !{ ssl_fc }',
    ...routes,
    '  default_backend all',
  ];
  for (const [name, members] of backends) {
    lines.push(
      '',
      `backend ${name}`,
      // Least connections spreads long SSE streams and slow runs better than round robin; no cookie, no stickiness.
      '  balance leastconn',
      '  option httpchk GET /readyz',
      '  http-check expect status 200',
      // A busy instance may answer a check late: three misses in a row take it out; a dead one refuses at once,
      // and its requests go to another instance (redispatch) before it is out.
      '  timeout check 3s',
      '  default-server inter 2s fastinter 1s downinter 1s fall 3 rise 2',
      ...members.map((m) => `  server ${m.name} ${m.host}:${m.port} check`),
    );
  }
  return `${lines.join('\n')}\n`;
}
