import {
  type ApiKeyCreated,
  type ApiKeyCreateInput,
  type ApiKeyList,
  apiKeyCreatedSchema,
  apiKeyListSchema,
  type WebhookDelivery,
  type WebhookDeliveryList,
  type WebhookEndpointSaved,
  type WebhookEndpointState,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookEndpointSavedSchema,
  webhookEndpointStateSchema,
} from '@candor/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, parseJson } from '@/lib/api-client';

export const apiKeysKeys = {
  all: ['api-keys'] as const,
  list: () => [...apiKeysKeys.all, 'list'] as const,
  webhook: () => [...apiKeysKeys.all, 'webhook'] as const,
  deliveries: () => [...apiKeysKeys.all, 'webhook', 'deliveries'] as const,
};

export const apiKeysQueryOptions = () =>
  queryOptions({
    queryKey: apiKeysKeys.list(),
    queryFn: (): Promise<ApiKeyList> => parseJson(api.api.get('v1/my-api-keys/'), apiKeyListSchema),
  });

export const webhookEndpointQueryOptions = () =>
  queryOptions({
    queryKey: apiKeysKeys.webhook(),
    queryFn: (): Promise<WebhookEndpointState> =>
      parseJson(api.api.get('v1/webhook-endpoint'), webhookEndpointStateSchema),
  });

/** The delivery log; while a delivery is pending it is asked again every few seconds. */
export const webhookDeliveriesQueryOptions = () =>
  queryOptions({
    queryKey: apiKeysKeys.deliveries(),
    queryFn: (): Promise<WebhookDeliveryList> =>
      parseJson(api.api.get('v1/webhook-endpoint/deliveries'), webhookDeliveryListSchema),
    refetchInterval: (query) => (query.state.data?.items.some((d) => d.status === 'pending') ? 3_000 : false),
  });

// Forms show their errors inline, so the global toast stays quiet for them.
const inline = { errorToast: false } as const;

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApiKeyCreateInput): Promise<ApiKeyCreated> =>
      parseJson(api.api.post('v1/my-api-keys/', { json: input }), apiKeyCreatedSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKeys.list() }),
    meta: inline,
  });
}

export function useDeleteApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await api.api.delete(`v1/my-api-keys/${encodeURIComponent(id)}`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKeys.list() }),
  });
}

export function useSaveWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (url: string): Promise<WebhookEndpointSaved> =>
      parseJson(api.api.put('v1/webhook-endpoint', { json: { url } }), webhookEndpointSavedSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKeys.webhook() }),
    meta: inline,
  });
}

export function useRollWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<WebhookEndpointSaved> =>
      parseJson(api.api.post('v1/webhook-endpoint/roll-secret'), webhookEndpointSavedSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKeys.webhook() }),
  });
}

export function useDeleteWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await api.api.delete('v1/webhook-endpoint');
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKeys.all }),
  });
}

/** A test event, or a delivery sent again: either adds a row to the log. */
export function useSendWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId?: string): Promise<WebhookDelivery> =>
      parseJson(
        api.api.post(
          deliveryId
            ? `v1/webhook-endpoint/deliveries/${encodeURIComponent(deliveryId)}/resend`
            : 'v1/webhook-endpoint/ping',
        ),
        webhookDeliverySchema,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKeys.deliveries() }),
  });
}

/** The tools the API offers, read from its OpenAPI document (one `POST /v1/{tool}` each), and which take a bare text. */
export const apiToolsQueryOptions = () =>
  queryOptions({
    queryKey: [...apiKeysKeys.all, 'tools'] as const,
    queryFn: async (): Promise<{ id: string; summary: string; takesText: boolean }[]> => {
      type Schema = { $ref?: string; properties?: Record<string, unknown>; required?: string[] };
      const document = (await api.api.get('openapi.json').json()) as {
        paths: Record<string, { post?: { summary?: string; tags?: string[]; requestBody?: unknown } }>;
        components: { schemas: Record<string, Schema> };
      };
      const inputOf = (post: { requestBody?: unknown }): Schema | undefined => {
        const body = post.requestBody as { content?: { 'application/json'?: { schema?: Schema } } } | undefined;
        const ref = body?.content?.['application/json']?.schema?.$ref;
        return ref ? document.components.schemas[ref.split('/').pop() ?? ''] : undefined;
      };
      return Object.entries(document.paths).flatMap(([path, item]) => {
        if (!item.post?.tags?.includes('Tools')) return [];
        const input = inputOf(item.post);
        // A tool the guided page can try with the sample text: `text` is all it needs.
        const takesText = Boolean(input?.properties?.text) && (input?.required ?? []).every((name) => name === 'text');
        return [{ id: path.replace(/^\/v1\//, ''), summary: item.post.summary ?? path, takesText }];
      });
    },
    staleTime: 10 * 60_000,
  });
