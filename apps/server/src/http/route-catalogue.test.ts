import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { recordRoutes } from './route-catalogue.js';

it("shows a route's config as the plugin that owns it left it, after every onRoute hook", async () => {
  const app = Fastify();
  recordRoutes(app);
  app.get('/cookie', async () => 'ok');
  await app.register(async (plugin) => {
    // As the public API marks its routes: the root's hook has already seen them by then.
    plugin.addHook('onRoute', (route) => {
      route.config = { ...(route.config ?? {}), csrf: false, cookies: false };
    });
    plugin.get('/key', async () => 'ok');
    plugin.post('/key', async () => 'ok');
  });
  await app.ready();
  expect(app.registeredRoutes.map((route) => [route.method, route.url, route.config])).toEqual([
    ['GET', '/cookie', { csrf: undefined, cookies: undefined }],
    ['HEAD', '/cookie', { csrf: undefined, cookies: undefined }],
    ['GET', '/key', { csrf: false, cookies: false }],
    ['HEAD', '/key', { csrf: false, cookies: false }],
    ['POST', '/key', { csrf: false, cookies: false }],
  ]);
  await app.close();
});
