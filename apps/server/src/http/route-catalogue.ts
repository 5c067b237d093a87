import type { FastifyInstance } from 'fastify';

export interface RegisteredRoute {
  method: string;
  url: string;
  /** Its CSRF guard (access by default) and whether it sets cookies: false marks the key-authenticated public API. */
  config: { csrf?: 'access' | 'refresh' | false; cookies?: false };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the app serves, as registered: the sweeps that check a rule holds on all of them read it. */
    registeredRoutes: readonly RegisteredRoute[];
  }
}

/** Records each route as it is registered; call it before any route exists. */
export function recordRoutes(app: FastifyInstance): void {
  const routes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', routes);
  app.addHook('onRoute', (route) => {
    const config = (route.config ?? {}) as RegisteredRoute['config'];
    const { csrf, cookies } = config;
    for (const method of [route.method].flat()) {
      routes.push({ method, url: route.url ?? route.path, config: { csrf, cookies } });
    }
  });
}
