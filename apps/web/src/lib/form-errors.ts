import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { getErrorMessage, isApiError } from './api-client';

/**
 * Puts a server error where it belongs: `validation_failed` details onto their fields, everything else into
 * the returned form-level message (null when every problem found a field).
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): string | null {
  if (!isApiError(error)) return getErrorMessage(error);
  const known = new Set<string>(fields);
  const unmatched: string[] = [];
  let focused = false;
  for (const { path, message } of error.fieldErrors) {
    if (known.has(path)) {
      setError(path as Path<T>, { type: 'server', message }, { shouldFocus: !focused });
      focused = true;
    } else {
      unmatched.push(message);
    }
  }
  if (error.fieldErrors.length > 0 && unmatched.length === 0) return null;
  const wait = error.retryAfter && error.status === 429 ? ` Try again in ${error.retryAfter} s.` : '';
  return `${unmatched.length > 0 ? unmatched.join(' ') : error.message}${wait}`;
}
