import {
  errorCodes,
  type FieldErrors,
  hasUnstorableCharacters,
  toStorableText,
  unstorableCharacterMessage,
} from '@candor/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.js';
import { wantsHtml } from './spa.js';

/**
 * Fields of pasted or written prose — a tool's text and sources, a chat message, a contact or farewell message —
 * by their name wherever they sit in a JSON body. Their unstorable characters become U+FFFD (one code unit for one,
 * so masks and redactions keep pointing at the same characters); every other string is refused.
 */
export const PROSE_FIELDS: ReadonlySet<string> = new Set(['text', 'content', 'message']);

type Container = Record<string, unknown> | unknown[];

const isContainer = (value: unknown): value is Container =>
  Array.isArray(value) || (value !== null && typeof value === 'object' && !ArrayBuffer.isView(value));

/**
 * Cleans prose fields in place and returns the paths of the other strings (and keys) that hold a character
 * PostgreSQL cannot store. Iterative, so a deeply nested body cannot exhaust the stack.
 */
function walk(root: unknown, cleanProse: boolean): string[] {
  const refused: string[] = [];
  if (typeof root === 'string' && hasUnstorableCharacters(root)) refused.push('');
  if (!isContainer(root)) return refused;
  const stack: { value: Container; path: string; field: string | null }[] = [{ value: root, path: '', field: null }];
  while (stack.length > 0) {
    const { value, path, field } = stack.pop() as (typeof stack)[number];
    const entries: [string, unknown][] = Array.isArray(value)
      ? value.map((item, index) => [String(index), item])
      : Object.entries(value);
    for (const [key, item] of entries) {
      const itemPath = path === '' ? toStorableText(key) : `${path}.${toStorableText(key)}`;
      // An array's items are named by the field that holds the array.
      const itemField = Array.isArray(value) ? field : key;
      if (!Array.isArray(value) && hasUnstorableCharacters(key)) refused.push(itemPath);
      if (typeof item === 'string') {
        if (!hasUnstorableCharacters(item)) continue;
        if (cleanProse && itemField !== null && PROSE_FIELDS.has(itemField)) {
          (value as Record<string, unknown>)[key] = toStorableText(item);
        } else {
          refused.push(itemPath);
        }
      } else if (isContainer(item)) {
        stack.push({ value: item, path: itemPath, field: itemField });
      }
    }
  }
  return refused;
}

const refusal = (paths: string[]) => {
  const details: FieldErrors = [...new Set(paths)].map((path) => ({ path, message: unstorableCharacterMessage }));
  return new AppError(errorCodes.validation, 400, 'Some fields are invalid', details);
};

/** Checks a request's parameters, query string and body; throws 400 naming each field it refuses. */
export function checkStorableText(request: FastifyRequest): void {
  const refused = [...walk(request.params, false), ...walk(request.query, false), ...walk(request.body, true)];
  if (refused.length > 0) throw refusal(refused);
}

/**
 * Every route, whoever adds it: registered on the root before any route, so a new route cannot miss it. It runs
 * once the body is parsed and before validation and the route's own hooks (the session check among them).
 */
export function registerStorableText(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    // A page load stores nothing: the SPA still opens for an address with an odd query.
    if (!wantsHtml(request)) checkStorableText(request);
  });
}
