import {
  articleBriefSchema,
  type GenerationModels,
  type OutlineResponse,
  outlineSchema,
} from '@candor/contracts/tools';
import { outlineMessages, parseOutline } from '@candor/engine-generate/prompts';
import type { FastifyInstance } from 'fastify';
import type { ToolsConfig } from '../../../config/env.js';
import { currentUser } from '../../../http/auth.js';
import { AppError, parseWith } from '../../../http/errors.js';
import type { AuthLimiter, AuthRateLimitRules } from '../../../http/rate-limit.js';
import { streamText } from './model-stream.js';
import { chooseModel, describeModels, generationModels } from './models.js';

/**
 * An outline is free (the article is what is charged) but takes the model, which may be the server's one local model
 * every run shares: 10 a minute per user, 30 per IP address, then 429 `rate_limited` with Retry-After.
 */
export const outlineRateLimits: AuthRateLimitRules = {
  perIp: { points: 30, durationSeconds: 60 },
  perAccount: { points: 10, durationSeconds: 60 },
};

/** Tokens an outline may take: a title and up to eight headings. */
const OUTLINE_TOKENS = 220;

/** The generation screens' helpers: which models can write, and an outline to edit before the article is written. */
export async function generationRoutes(
  app: FastifyInstance,
  opts: { config: ToolsConfig; outlineLimiter: AuthLimiter },
) {
  app.addHook('preHandler', app.requireUser);

  app.get(
    '/v1/tools/generation/models',
    async (): Promise<GenerationModels> => describeModels(await generationModels(opts.config.generation)),
  );

  app.post('/v1/tools/ai-writer/outline', async (request): Promise<OutlineResponse> => {
    const brief = parseWith(articleBriefSchema, request.body);
    await opts.outlineLimiter.consume(request, currentUser(request).id);
    const set = await generationModels(opts.config.generation);
    const model = chooseModel(set, brief.model, true) as string;
    if (!set.provider) throw new Error('a chosen model without a provider');
    // A client that leaves stops the model; so does the LLM time-out, twice over, for a model that never answers.
    const controller = new AbortController();
    request.raw.on('close', () => controller.abort());
    const signal = AbortSignal.any([
      controller.signal,
      AbortSignal.timeout(opts.config.generation.timeoutSeconds * 2_000),
    ]);
    let text: string;
    try {
      text = await streamText({
        provider: set.provider,
        model,
        messages: outlineMessages(brief),
        maxTokens: OUTLINE_TOKENS,
        signal,
      });
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new AppError('llm_timeout', 424, 'The language model took too long to write the outline. Try again.');
    }
    const outline = parseOutline(text, brief.topic);
    const checked = outlineSchema.safeParse(outline);
    if (!checked.success) {
      throw new AppError(
        'llm_empty',
        424,
        'The language model did not write an outline. Try again, or write the headings yourself.',
      );
    }
    return { ...checked.data, model };
  });
}
