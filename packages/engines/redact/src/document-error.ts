/** An upload the engine refuses; `message` is shown to the user as it is, so it says what to do next. */
export class DocumentError extends Error {
  override readonly name = 'DocumentError';

  constructor(
    readonly status: 413 | 415 | 422,
    readonly code: 'payload_too_large' | 'unsupported_media_type' | 'unreadable_file',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export function tooLarge(message: string): DocumentError {
  return new DocumentError(413, 'payload_too_large', message);
}

export function unsupported(message: string): DocumentError {
  return new DocumentError(415, 'unsupported_media_type', message);
}

export function unreadable(message: string, cause?: unknown): DocumentError {
  return new DocumentError(422, 'unreadable_file', message, cause === undefined ? undefined : { cause });
}

export function megabytes(bytes: number): string {
  const value = bytes / (1024 * 1024);
  return `${Number.isInteger(value) ? value : value.toFixed(1)} MB`;
}

export function count(value: number): string {
  return value.toLocaleString('en-US');
}

/** The size check every reader starts with, before anything is parsed. */
export function assertWithinSize(bytes: Uint8Array, maxBytes: number): void {
  if (bytes.length > maxBytes) {
    throw tooLarge(`This file is ${megabytes(bytes.length)}; the limit is ${megabytes(maxBytes)}.`);
  }
}
