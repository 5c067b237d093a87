import { existsSync } from 'node:fs';
import path from 'node:path';
import { errorCodes } from '@candor/contracts';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from './errors.js';

const API = /^\/api(\/|$)/;
const ASSETS = /^\/assets\//;

/** True when `dir` holds a built SPA. */
export const hasSpa = (dir: string | null): dir is string => !!dir && existsSync(path.join(dir, 'index.html'));

// `*/*` (curl, some crawlers) accepts HTML too; only clients asking for something else get the 404 shape.
const acceptsHtml = (accept = '*/*') => accept.includes('text/html') || accept.includes('*/*');

/** A page load: answered with the SPA (or a file of it), never by an API route. */
export const wantsHtml = (request: FastifyRequest) =>
  (request.method === 'GET' || request.method === 'HEAD') &&
  !API.test(request.url) &&
  !ASSETS.test(request.url) &&
  acceptsHtml(request.headers.accept);

/** Serves the built SPA (index.html for client-side routes) and answers everything else unknown with the 404 shape. */
export async function registerSpaAndNotFound(app: FastifyInstance, distDir: string | null): Promise<void> {
  const spa = hasSpa(distDir);
  if (!spa) app.log.warn({ dir: distDir }, 'no built web app found (run npm run build): serving the API only');
  if (spa) {
    await app.register(fastifyStatic, {
      root: distDir,
      index: 'index.html',
      cacheControl: false,
      setHeaders: (reply: FastifyReply, filePath: string) => {
        const relative = path.relative(distDir, filePath).split(path.sep).join('/');
        // Hashed names change with their content, so they never need revalidating; everything else always does.
        reply.header(
          'cache-control',
          relative.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    if (spa && wantsHtml(request)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply
      .code(404)
      .send(errorBody(errorCodes.notFound, `No route for ${request.method} ${request.url.split('?')[0]}`));
  });
}
