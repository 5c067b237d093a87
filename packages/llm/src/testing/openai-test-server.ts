import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { estimateMessagesTokens } from '../estimate-tokens.js';
import type { LlmMessage } from '../types.js';

/** Something to do instead of (or while) answering one request, for tests of failure handling. */
export type OpenAiTestFault =
  /** Answer with this status and an OpenAI-style error body. */
  | { type: 'status'; status: number; headers?: Record<string, string>; message?: string }
  /** Hold the response headers back this long, then answer normally. */
  | { type: 'delay'; ms: number }
  /** Send this many chunks, then keep the connection open and silent. */
  | { type: 'stall'; afterChunks: number }
  /** Send this many chunks, then destroy the connection. */
  | { type: 'drop'; afterChunks: number };

export interface OpenAiTestRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The parsed JSON body, or the raw text when it was not JSON; undefined for GET. */
  body: unknown;
  /** True once the client closed the connection before the server had finished answering. */
  aborted: boolean;
}

export interface OpenAiTestServerOptions {
  /** The assistant's answer: one string (split into word chunks) or the chunks themselves. */
  reply: (messages: LlmMessage[]) => string | string[] | Promise<string | string[]>;
  port?: number;
  /** Ids listed by GET /models and accepted by /chat/completions; any model is accepted when omitted. */
  models?: string[];
  /** When set, requests must carry `Authorization: Bearer <apiKey>` or get a 401. */
  apiKey?: string;
  /** Pause between streamed chunks. */
  chunkDelayMs?: number;
  /** Answer every chat request with this HTTP status (e.g. 503), as a shortcut for `fault`. */
  failWith?: number;
  /** Leave usage out of the stream even when the client asks for it, like older servers. */
  omitUsage?: boolean;
  /** Chooses a fault for the n-th chat request (0-based); undefined answers normally. */
  fault?: (request: OpenAiTestRequest, index: number) => OpenAiTestFault | undefined;
}

export interface OpenAiTestServer {
  /** The API root to configure as a base URL, ending in /v1. */
  url: string;
  /** Every request received, in order, with its body as sent. */
  requests: OpenAiTestRequest[];
  close(): Promise<void>;
}

const DEFAULT_MODELS = ['test-model'];

/** A local server speaking OpenAI's chat-completions wire format (SSE streaming, usage, errors, GET /models). */
export async function startOpenAiTestServer(options: OpenAiTestServerOptions): Promise<OpenAiTestServer> {
  const requests: OpenAiTestRequest[] = [];
  let chatIndex = 0;
  const created = Math.floor(Date.now() / 1000);

  const server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      if (!res.headersSent)
        sendError(res, 500, error instanceof Error ? error.message : 'internal error', 'server_error');
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await readBody(req);
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    const record: OpenAiTestRequest = {
      method: req.method ?? 'GET',
      path,
      headers: req.headers,
      body: raw === '' ? undefined : parseJson(raw),
      aborted: false,
    };
    requests.push(record);
    res.on('close', () => {
      if (!res.writableFinished) record.aborted = true;
    });

    if (options.apiKey !== undefined && req.headers.authorization !== `Bearer ${options.apiKey}`) {
      const shown = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      // Like OpenAI, the message echoes part of the wrong key, so clients must not pass it on.
      return sendError(res, 401, `Incorrect API key provided: ${shown}.`, 'invalid_api_key');
    }
    if (req.method === 'GET' && path === '/v1/models') {
      const ids = options.models ?? DEFAULT_MODELS;
      return sendJson(res, 200, {
        object: 'list',
        data: ids.map((id) => ({ id, object: 'model', created, owned_by: 'candor-test' })),
      });
    }
    if (path !== '/v1/chat/completions') return sendError(res, 404, `Unknown path ${path}.`, 'not_found');
    if (req.method !== 'POST') return sendError(res, 405, 'Use POST.', 'method_not_allowed');

    const body = record.body as ChatBody | undefined;
    if (!body || typeof body !== 'object' || typeof body.model !== 'string' || !Array.isArray(body.messages))
      return sendError(res, 400, 'A chat request needs model and messages.', 'invalid_request_error');
    if (options.models && !options.models.includes(body.model))
      return sendError(res, 404, `The model '${body.model}' does not exist.`, 'model_not_found');

    const fault =
      options.failWith !== undefined
        ? ({ type: 'status', status: options.failWith } satisfies OpenAiTestFault)
        : options.fault?.(record, chatIndex);
    chatIndex++;
    if (fault?.type === 'status') {
      for (const [name, value] of Object.entries(fault.headers ?? {})) res.setHeader(name, value);
      return sendError(res, fault.status, fault.message ?? `Upstream answered ${fault.status}.`, 'server_error');
    }
    if (fault?.type === 'delay') await wait(fault.ms);
    if (res.destroyed) return;

    const messages = body.messages.map((m) => ({ role: m.role, content: String(m.content ?? '') }));
    const answer = await options.reply(messages);
    let chunks = typeof answer === 'string' ? splitWords(answer) : answer;
    const limit = body.max_completion_tokens ?? body.max_tokens;
    // One chunk stands for one token, so max_tokens cuts the answer the way a real server would.
    const finishReason = limit !== undefined && chunks.length > limit ? 'length' : 'stop';
    if (finishReason === 'length') chunks = chunks.slice(0, limit);
    const usage = {
      prompt_tokens: estimateMessagesTokens(messages),
      completion_tokens: chunks.length,
      total_tokens: 0,
    };
    usage.total_tokens = usage.prompt_tokens + usage.completion_tokens;
    const id = `chatcmpl-${randomUUID()}`;

    if (body.stream !== true) {
      return sendJson(res, 200, {
        id,
        object: 'chat.completion',
        created,
        model: body.model,
        choices: [{ index: 0, message: { role: 'assistant', content: chunks.join('') }, finish_reason: finishReason }],
        usage,
      });
    }

    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    const base = { id, object: 'chat.completion.chunk', created, model: body.model };
    // Resolves once the chunk is handed to the socket, so a later fault cannot swallow it.
    const send = (payload: unknown): Promise<void> =>
      new Promise((resolve) => {
        res.write(`data: ${JSON.stringify(payload)}\n\n`, () => resolve());
      });
    await send({ ...base, choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] });
    for (const [index, text] of chunks.entries()) {
      if (res.destroyed) return;
      if ((fault?.type === 'stall' || fault?.type === 'drop') && index === fault.afterChunks) {
        if (fault.type === 'drop') res.destroy();
        return;
      }
      if (options.chunkDelayMs) await wait(options.chunkDelayMs);
      if (res.destroyed) return;
      await send({ ...base, choices: [{ index: 0, delta: { content: text }, finish_reason: null }] });
    }
    await send({ ...base, choices: [{ index: 0, delta: {}, finish_reason: finishReason }] });
    if (body.stream_options?.include_usage && !options.omitUsage) await send({ ...base, choices: [], usage });
    res.end('data: [DONE]\n\n');
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

interface ChatBody {
  model: string;
  messages: Array<{ role: LlmMessage['role']; content?: unknown }>;
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  max_tokens?: number;
  max_completion_tokens?: number;
}

/** Words with their following whitespace, so joining the chunks gives the text back exactly. */
const splitWords = (text: string): string[] => text.match(/\S+\s*|\s+/g) ?? [];

const wait = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

async function readBody(req: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return Buffer.concat(parts).toString('utf8');
}

function sendJson(res: ServerResponse, status: number, payload: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(payload));
}

function sendError(res: ServerResponse, status: number, message: string, code: string): void {
  sendJson(res, status, { error: { message, type: code, param: null, code } });
}
