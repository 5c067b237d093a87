/** PostgreSQL's SQLSTATE for a unique-constraint violation (the same from `pg` and from PGlite). */
const UNIQUE_VIOLATION = '23505';

/**
 * The name of the unique constraint `error` violated, `''` when the driver did not say which, or null when
 * it is not a unique violation. Looks through Drizzle's wrapper to the driver's error.
 */
export function uniqueViolation(error: unknown): string | null {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const candidate = e as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === UNIQUE_VIOLATION)
      return typeof candidate.constraint === 'string' ? candidate.constraint : '';
    e = candidate.cause;
  }
  return null;
}
