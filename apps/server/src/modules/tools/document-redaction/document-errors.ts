import { DocumentError } from '@candor/engine-redact';
import { type EngineRefusal, refuse } from '../engines/engine-module.js';

/** A bad document (corrupt, encrypted, too large, another format) becomes a refusal the user reads; anything else is ours. */
export function refusalOf(error: unknown): EngineRefusal {
  if (error instanceof DocumentError) return refuse(error.status, error.code, error.message);
  throw error;
}
