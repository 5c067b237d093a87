import { createRequire } from 'node:module';
import { type Logger, pino, stdSerializers } from 'pino';
import type { Config } from './env.js';

export function createLogger(config: Config): Logger {
  // Pretty logs only where the dev dependency is installed; production gets JSON lines.
  const pretty = config.nodeEnv === 'development' && canResolve('pino-pretty');
  return pino({
    level: config.logLevel,
    serializers: { err: serializeError },
    ...(pretty ? { transport: { target: 'pino-pretty' } } : {}),
  });
}

/** Drizzle puts a failed query's parameters (password hashes, e-mail addresses) in the message: keep them out of logs. */
export function serializeError(error: Error) {
  const serialized = stdSerializers.err(error);
  const at = serialized.message.indexOf('\nparams:');
  if (at !== -1) serialized.message = `${serialized.message.slice(0, at)}\nparams: [redacted]`;
  if (serialized.stack)
    serialized.stack = serialized.stack.replace(/\nparams:[\s\S]*?(?=\n\s+at )/, '\nparams: [redacted]');
  if ('params' in serialized) serialized.params = '[redacted]';
  return serialized;
}

function canResolve(name: string): boolean {
  try {
    createRequire(import.meta.url).resolve(name);
    return true;
  } catch {
    return false;
  }
}
