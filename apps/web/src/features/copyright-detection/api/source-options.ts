import { type PlagiarismSourceOptions, plagiarismSourceOptionsSchema } from '@candor/contracts/tools';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { historyKeys } from '@/features/history/api/history.queries';
import { api, parseJson } from '@/lib/api-client';
import { PLAGIARISM } from './copyright-detection';

export const plagiarismKeys = {
  // The count of earlier documents is the user's history: under its key, every run or deletion refreshes it.
  sourceOptions: () => [...historyKeys.all, PLAGIARISM, 'source-options'] as const,
};

export const fetchPlagiarismSourceOptions = (): Promise<PlagiarismSourceOptions> =>
  parseJson(api.detector.get(`v1/tools/${PLAGIARISM}/sources`), plagiarismSourceOptionsSchema);

/** What the source picker can offer: how many earlier documents the user has, and whether everyone's count. */
export const plagiarismSourceOptionsQueryOptions = () =>
  queryOptions({ queryKey: plagiarismKeys.sourceOptions(), queryFn: fetchPlagiarismSourceOptions });

export const usePlagiarismSourceOptions = () => useQuery(plagiarismSourceOptionsQueryOptions());
