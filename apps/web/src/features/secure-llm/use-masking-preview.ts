import { CHAT_MESSAGE_MAX_CHARACTERS, type PiiDetectRequest } from '@candor/contracts/governance';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { type Detection, detectionQueryOptions } from './api/secure-llm.queries';
import { type Finding, rebaseFindings } from './lib/masks';
import { useDebouncedValue } from './lib/use-debounced-value';

/** How long typing must pause before the preview asks the server again. */
export const PREVIEW_DELAY_MS = 300;

const nothingToCheck = (text: string, entities: PiiDetectRequest['entities']) =>
  text.trim() === '' || text.length > CHAT_MESSAGE_MAX_CHARACTERS || entities?.length === 0;

export interface MaskingPreview {
  /** Findings placed on the current text (moved along with edits until the next answer). */
  findings: Finding[];
  /** The preview is behind the text: typing has not paused yet, or the server is still answering. */
  checking: boolean;
  error: Error | null;
  /** The findings for exactly `text`, asking the server when the preview has not caught up: what sending uses. */
  findingsFor: (text: string) => Promise<Finding[]>;
}

/** The live masking preview of the composer (`POST v1/pii/detect`, debounced). */
export function useMaskingPreview(text: string, entities: PiiDetectRequest['entities']): MaskingPreview {
  const queryClient = useQueryClient();
  const settled = useDebouncedValue(text, PREVIEW_DELAY_MS);
  const skip = nothingToCheck(settled, entities);
  const query = useQuery({
    ...detectionQueryOptions(settled, entities),
    enabled: !skip,
    placeholderData: keepPreviousData,
  });
  const detection: Detection | undefined = skip ? { text: settled, findings: [] } : query.data;
  const findings = detection ? rebaseFindings(detection.text, text, detection.findings) : [];

  const findingsFor = useCallback(
    async (exact: string) => {
      if (nothingToCheck(exact, entities)) return [];
      return (await queryClient.fetchQuery(detectionQueryOptions(exact, entities))).findings;
    },
    [queryClient, entities],
  );

  return {
    findings,
    checking: !nothingToCheck(text, entities) && (settled !== text || query.isFetching),
    error: skip ? null : query.error,
    findingsFor,
  };
}
