export type LlmErrorKind =
  | 'unavailable'
  | 'timeout'
  | 'rate_limited'
  | 'bad_request'
  | 'auth'
  | 'cancelled'
  | 'upstream';

/** A failure of the model layer; `message` is safe to show a user and never holds a credential. */
export class LlmError extends Error {
  override readonly name = 'LlmError';
  readonly kind: LlmErrorKind;
  readonly status?: number;

  constructor(kind: LlmErrorKind, message: string, options: { status?: number; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.kind = kind;
    if (options.status !== undefined) this.status = options.status;
  }
}

export const unknownModel = (model: string): LlmError =>
  new LlmError('bad_request', `No configured language model is called "${model}".`);
