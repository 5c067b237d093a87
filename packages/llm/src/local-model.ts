import { access } from 'node:fs/promises';
import { basename } from 'node:path';
import type { ChatHistoryItem, LlamaChatResponse } from 'node-llama-cpp';
import { LlmError, unknownModel } from './errors.js';
import type { LlmChatRequest, LlmFinishReason, LlmModel, LlmProvider, LlmStreamEvent } from './types.js';

export interface LocalModelOptions {
  /** A GGUF file. */
  modelPath: string;
  /** Context window in tokens; defaults to the model's training context, capped at 4096 to bound memory. */
  contextSize?: number;
  /**
   * CPU threads for evaluation; defaults to 1 for models under 256 MB and to the machine's math cores otherwise
   * (node-llama-cpp's own default oversubscribes the cores).
   */
  threads?: number;
}

const DEFAULT_MAX_CONTEXT = 4096;
// Below this a token costs less than syncing threads, and spinning threads collapse throughput on a busy CPU.
const SMALL_MODEL_BYTES = 256 * 2 ** 20;

/**
 * Runs a local GGUF model on the CPU through node-llama-cpp. One context with one sequence: requests are served one at
 * a time in arrival order, and a request cancelled while it waits leaves the queue without running.
 */
export async function createLocalModelProvider(options: LocalModelOptions): Promise<LlmProvider> {
  try {
    await access(options.modelPath);
  } catch (cause) {
    throw new LlmError('unavailable', 'The local model file (LLM_MODEL_PATH) cannot be read.', { cause });
  }
  // Loaded lazily so a server without LLM_MODEL_PATH never pulls in the native addon.
  const { getLlama, LlamaChat, LlamaLogLevel } = await import('node-llama-cpp');
  const llama = await getLlama({ gpu: false, build: 'never', logLevel: LlamaLogLevel.error }).catch(
    (cause: unknown) => {
      throw new LlmError('unavailable', 'The llama.cpp runtime for this platform could not be loaded.', { cause });
    },
  );
  let model: Awaited<ReturnType<typeof llama.loadModel>>;
  let context: Awaited<ReturnType<typeof model.createContext>>;
  try {
    model = await llama.loadModel({ modelPath: options.modelPath });
    context = await model.createContext({
      contextSize: options.contextSize ?? Math.min(model.trainContextSize, DEFAULT_MAX_CONTEXT),
      sequences: 1,
      threads: options.threads ?? (model.size < SMALL_MODEL_BYTES ? 1 : llama.cpuMathCores),
    });
  } catch (cause) {
    await llama.dispose();
    throw new LlmError('unavailable', 'The local model could not be loaded.', { cause });
  }
  const sequence = context.getSequence();
  const chat = new LlamaChat({ contextSequence: sequence });
  const name = basename(options.modelPath).replace(/\.gguf$/i, '');
  const info: LlmModel = { id: `local:${name}`, name, provider: 'local', context_length: context.contextSize };

  let queue: Promise<void> = Promise.resolve();
  const active = new Set<AbortController>();
  let closed = false;

  const takeTurn = (): { ready: Promise<void>; release: () => void } => {
    let release = (): void => undefined;
    const mine = new Promise<void>((resolve) => {
      release = resolve;
    });
    const ready = queue;
    // The next request waits for this one and, through it, for every earlier one.
    queue = queue.then(() => mine);
    return { ready, release };
  };

  async function* streamChat(request: LlmChatRequest): AsyncGenerator<LlmStreamEvent> {
    if (closed) throw new LlmError('unavailable', 'The local model has been shut down.');
    if (request.model !== info.id) throw unknownModel(request.model);
    const controller = new AbortController();
    const cancel = (): void => controller.abort();
    if (request.signal?.aborted) controller.abort();
    request.signal?.addEventListener('abort', cancel, { once: true });
    active.add(controller);
    const turn = takeTurn();
    let generation: Promise<void> | undefined;
    try {
      const history = toHistory(request);
      const promptTokens = chat.chatWrapper
        .generateContextState({ chatHistory: history })
        .contextText.tokenize(model.tokenizer).length;
      const room = context.contextSize - promptTokens;
      if (room <= 0)
        throw new LlmError(
          'bad_request',
          `The conversation is ${promptTokens} tokens, longer than the model's ${context.contextSize}-token window. Start a new chat to go on.`,
        );
      const cancelledEvent = (completion: number): LlmStreamEvent => ({
        type: 'done',
        usage: { prompt_tokens: promptTokens, completion_tokens: completion, estimated: false },
        finish_reason: 'cancelled',
      });

      await Promise.race([turn.ready, aborted(controller.signal)]);
      if (controller.signal.aborted) {
        yield cancelledEvent(0);
        return;
      }

      const chunks: string[] = [];
      let completionTokens = 0;
      let settled = false;
      let result: LlamaChatResponse | undefined;
      let failure: unknown;
      let wake: (() => void) | undefined;
      const notify = (): void => {
        wake?.();
        wake = undefined;
      };
      generation = (async () => {
        // A fresh state per request: nothing of one conversation may leak into the next.
        await sequence.clearHistory();
        result = await chat.generateResponse(history, {
          signal: controller.signal,
          stopOnAbortSignal: true,
          maxTokens: Math.min(request.maxTokens ?? room, room),
          ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
          onToken: (tokens) => {
            completionTokens += tokens.length;
          },
          onTextChunk: (text) => {
            if (text === '') return;
            chunks.push(text);
            notify();
          },
        });
      })()
        .catch((error: unknown) => {
          failure = error;
        })
        .finally(() => {
          settled = true;
          notify();
        });

      // After an abort the chunks still buffered are dropped, as a closed HTTP stream would drop them.
      while (!controller.signal.aborted) {
        const text = chunks.shift();
        if (text !== undefined) {
          yield { type: 'delta', text };
          continue;
        }
        if (settled) break;
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
      }

      await generation;
      if (controller.signal.aborted) {
        yield cancelledEvent(completionTokens);
        return;
      }
      if (failure !== undefined || result === undefined)
        throw new LlmError('upstream', 'The local model failed while answering.', { cause: failure });
      const finish: LlmFinishReason = result.metadata.stopReason === 'maxTokens' ? 'length' : 'stop';
      yield {
        type: 'done',
        usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, estimated: false },
        finish_reason: finish,
      };
    } finally {
      // Reached too when the consumer stops iterating early: stop generating before handing the sequence on.
      controller.abort();
      await generation;
      request.signal?.removeEventListener('abort', cancel);
      active.delete(controller);
      turn.release();
    }
  }

  return {
    models: () => [{ ...info }],
    streamChat,
    countTokens: async (modelId, text) => {
      if (modelId !== info.id) throw unknownModel(modelId);
      if (closed) throw new LlmError('unavailable', 'The local model has been shut down.');
      return model.tokenize(text).length;
    },
    close: async () => {
      if (closed) return;
      closed = true;
      for (const controller of active) controller.abort();
      await queue;
      chat.dispose();
      await context.dispose();
      await model.dispose();
      await llama.dispose();
    },
  };
}

function toHistory(request: LlmChatRequest): ChatHistoryItem[] {
  const history: ChatHistoryItem[] = request.messages.map((message) =>
    message.role === 'assistant'
      ? { type: 'model', response: [message.content] }
      : { type: message.role, text: message.content },
  );
  // A trailing assistant message is continued; otherwise the model starts a new answer.
  if (request.messages.at(-1)?.role !== 'assistant') history.push({ type: 'model', response: [] });
  return history;
}

const aborted = (signal: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });
