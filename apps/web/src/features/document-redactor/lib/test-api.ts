import { jsonResponse, notFoundResponse } from '@/test/fake-api';
import { catalogue, policies } from './test-fixtures';

/** One request the fake server saw: its service ("detector", "governance"), path, query and JSON or form body. */
export interface SeenRequest {
  method: string;
  service: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

export const coefficients = { items: [{ model_name: 'PII_TEXT_DETECT', coefficient: 0.5, unit: 'word' }] };

/**
 * The server the redactor screens talk to, for `withFakeApi`: the catalogue and the prices answer by themselves;
 * `respond` answers the rest (analysis, jobs, history), and every request is recorded.
 */
export function redactorServer(
  seen: SeenRequest[],
  respond: () => ((request: SeenRequest) => Response | undefined) | null,
) {
  return async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const [, , service = '', ...rest] = url.pathname.split('/');
    const path = rest.join('/');
    const contentType = request.headers.get('content-type');
    let body: unknown = null;
    if (contentType?.includes('json')) body = await request.clone().json();
    else if (contentType?.includes('multipart')) body = await request.clone().formData();
    const seenRequest = { method: request.method, service, path, query: Object.fromEntries(url.searchParams), body };
    seen.push(seenRequest);
    if (request.method === 'GET' && path === 'gcp/pii/full_policy_list') return jsonResponse(200, { policies });
    if (request.method === 'GET' && path === 'gcp/pii/full_entity_list') {
      return jsonResponse(200, { entity_list: catalogue });
    }
    if (request.method === 'GET' && path === 'ai-detector/model-coefficient-values') {
      return jsonResponse(200, coefficients);
    }
    return respond()?.(seenRequest) ?? notFoundResponse();
  };
}
