import type { FastifyInstance } from 'fastify';

export interface RegisteredRoute {
  method: string;
  url: string;
  /** Its CSRF guard (access by default) and whether it sets cookies: false marks the key-authenticated public API. */
  readonly config: { csrf?: 'access' | 'refresh' | false; cookies?: false };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the app serves, as registered: the sweeps that check a rule holds on all of them read it. */
    registeredRoutes: readonly RegisteredRoute[];
  }
}

/**
 * Records each route as it is registered; call it before any route exists. The root's onRoute hook runs before a
 * plugin's own (the public API's marks its routes `csrf: false, cookies: false` there), so the config is read from
 * the route's options when asked, after every hook has had its say, not copied when the route first appears.
 */
export function recordRoutes(app: FastifyInstance): void {
  const routes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      routes.push({
        method,
        url: route.url ?? route.path,
        get config() {
          const { csrf, cookies } = (route.config ?? {}) as RegisteredRoute['config'];
          return { csrf, cookies };
        },
      });
    }
  });
}
