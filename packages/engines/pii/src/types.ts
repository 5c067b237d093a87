import type { PiiEntityType, PiiFinding } from './catalogue.js';

/** A finding with the evidence behind its score, e.g. ['Luhn checksum', 'context: "card"']. */
export type PiiDetection = PiiFinding & { evidence: string[] };

/** What a recogniser proposes before thresholds and overlap resolution. */
export interface Candidate {
  start: number;
  end: number;
  type: PiiEntityType;
  score: number;
  evidence: string[];
}

/** A recogniser scans the whole text and appends candidates of the types it owns. */
export interface Recogniser {
  types: readonly PiiEntityType[];
  find(text: string, out: Candidate[]): void;
}
