import { DEFAULT_SENSITIVITY, type Sensitivity, sensitivitySchema } from '@candor/engine-ai-detect/sensitivity';
import type { ToolRunInput } from '../components/tool-run-page';
import type { Draft } from './draft';

/** A detector's draft: the text and the sensitivity level to read its verdict at. */
export interface DetectorDraft extends Draft {
  sensitivity: Sensitivity;
}

/** The detectors' input: text, file name and level, the level kept with the draft so Edit gives it back. */
export function detectorInput(
  extra: Pick<ToolRunInput<DetectorDraft>, 'blocker' | 'render'>,
): ToolRunInput<DetectorDraft> {
  return {
    empty: { text: '', sensitivity: DEFAULT_SENSITIVITY },
    // A draft kept before levels existed, or a level no longer offered, falls back to the default.
    restore: (stored) => ({
      ...stored,
      sensitivity: sensitivitySchema.catch(DEFAULT_SENSITIVITY).parse((stored as Partial<DetectorDraft>).sensitivity),
    }),
    body: (draft) => ({
      text: draft.text,
      ...(draft.fileName ? { file_name: draft.fileName } : {}),
      sensitivity: draft.sensitivity,
    }),
    ...extra,
  };
}
