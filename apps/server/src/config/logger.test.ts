import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { serializeError } from './logger.js';

describe('error logging', () => {
  it('keeps the parameters of a failed query out of the log', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_email_unique"'), {
      code: '23505',
    });
    const error = new DrizzleQueryError(
      'insert into "users" ("email", "password_hash") values ($1, $2)',
      ['ada@example.test', '$argon2id$v=19$m=19456,t=2,p=1$secret-hash'],
      cause,
    );
    const logged = JSON.stringify(serializeError(error));
    expect(logged).toContain('insert into');
    expect(logged).toContain('users_email_unique');
    expect(logged).toContain('[redacted]');
    expect(logged).not.toContain('ada@example.test');
    expect(logged).not.toContain('secret-hash');
  });

  it('leaves other errors as they are', () => {
    const logged = serializeError(new Error('boom'));
    expect(logged.message).toBe('boom');
    expect(logged.stack).toContain('boom');
  });
});
