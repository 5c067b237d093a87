import type { HistoryDetail, ServiceName } from '@candor/contracts';

/** A stored run as `GET v2/ai-detector/user-history/{id}` returns it: a top-level item with no parts. */
export function storedRunDetail({
  historyId,
  service,
  title,
  cost,
  input,
  result,
  createdAt = '2026-11-22T10:00:00Z',
}: {
  historyId: string;
  service: ServiceName;
  title: string;
  cost: number;
  input: unknown;
  result: unknown;
  createdAt?: string;
}): HistoryDetail {
  return {
    item: {
      history_id: historyId,
      model_name: service,
      title,
      cost,
      created_at: createdAt,
      has_children: false,
      children: [],
    },
    input,
    result,
  };
}
