import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

const GSI = 'https://accounts.google.com/gsi';

/** The Content-Security-Policy: our own origin plus what Google's sign-in client needs. */
export const cspDirectives = {
  'default-src': ["'self'"],
  'script-src': ["'self'", `${GSI}/client`],
  'style-src': ["'self'", "'unsafe-inline'", `${GSI}/style`],
  'img-src': ["'self'", 'data:', 'https://*.googleusercontent.com'],
  'font-src': ["'self'", 'data:'],
  // The Deepfake Audio Detection screens play the chosen recording from memory (a blob: URL).
  'media-src': ["'self'", 'blob:'],
  'connect-src': ["'self'", `${GSI}/`],
  'frame-src': [`${GSI}/`],
  'frame-ancestors': ["'none'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
};

export async function registerSecurityHeaders(app: FastifyInstance, options: { https: boolean }): Promise<void> {
  await app.register(helmet, {
    // No defaults: upgrade-insecure-requests would break plain-http localhost installs.
    contentSecurityPolicy: {
      useDefaults: false,
      directives: options.https ? { ...cspDirectives, 'upgrade-insecure-requests': [] } : cspDirectives,
    },
    // Google's sign-in popup has to talk back to the page that opened it.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    // HSTS means nothing over plain http and would pin localhost to https in some browsers.
    strictTransportSecurity: options.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
}
