import { piiEntityGroups, piiEntityTypes, piiFindingSchema, piiPolicyIds } from '@candor/engine-pii/catalogue';
import { z } from 'zod';

/**
 * The governance service (`/api/governance/`, spec §7): the PII catalogue and policies, the masking preview, the LLM
 * catalogue and Secure LLM Chat. Imported as `@candor/contracts/governance`, so the sign-in page never loads it.
 */

export const piiEntityTypeSchema = z.enum(piiEntityTypes);
export const piiPolicyIdSchema = z.enum(piiPolicyIds);

export const piiEntityInfoSchema = z.object({
  type: piiEntityTypeSchema,
  name: z.string(),
  group: z.enum(piiEntityGroups),
  description: z.string(),
  example: z.string(),
});
export type PiiEntityInfoDto = z.infer<typeof piiEntityInfoSchema>;

/** `GET entities`: the catalogue grouped as the chat screen shows it (the client flattens it, spec §3). */
export const entityGroupListSchema = z.object({
  groups: z.array(z.object({ group: z.enum(piiEntityGroups), entities: z.array(piiEntityInfoSchema) })),
});
export type EntityGroupList = z.infer<typeof entityGroupListSchema>;

/** `GET gcp/pii/full_entity_list`: the redactor's flat entity list. */
export const fullEntityListSchema = z.object({ entity_list: z.array(piiEntityInfoSchema) });
export type FullEntityList = z.infer<typeof fullEntityListSchema>;

export const piiPolicyDtoSchema = z.object({
  id: piiPolicyIdSchema,
  name: z.string(),
  description: z.string(),
  /** The entities the policy covers, each with the least score a finding needs to count. */
  entities: z.array(z.object({ type: piiEntityTypeSchema, threshold: z.number().min(0).max(1) })),
});
export type PiiPolicyDto = z.infer<typeof piiPolicyDtoSchema>;

/** `GET gcp/pii/full_policy_list`. */
export const fullPolicyListSchema = z.object({ policies: z.array(piiPolicyDtoSchema) });
export type FullPolicyList = z.infer<typeof fullPolicyListSchema>;

/** Characters one chat message or masking preview may hold. */
export const CHAT_MESSAGE_MAX_CHARACTERS = 20_000;

/** `POST v1/pii/detect`: what would be masked in a text (the chat's preview before sending). */
export const piiDetectRequestSchema = z.object({
  text: z.string().max(CHAT_MESSAGE_MAX_CHARACTERS, 'A message can hold at most 20,000 characters'),
  /** Entities to look for; all of them when absent. */
  entities: z.array(piiEntityTypeSchema).optional(),
});
export type PiiDetectRequest = z.infer<typeof piiDetectRequestSchema>;

export const piiDetectResponseSchema = z.object({ findings: z.array(piiFindingSchema) });
export type PiiDetectResponse = z.infer<typeof piiDetectResponseSchema>;

// --- LLMs and chats ---------------------------------------------------------------------------------------------

export const llmModelSchema = z.object({
  id: z.string(),
  name: z.string(),
  provider: z.enum(['openai-compatible', 'local']),
  context_length: z.number().int().nullable(),
});
export type LlmModelDto = z.infer<typeof llmModelSchema>;

/** `GET llms`: the models chats can use; none when no LLM is configured. */
export const llmListSchema = z.object({ models: z.array(llmModelSchema) });
export type LlmList = z.infer<typeof llmListSchema>;

export const chatSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  model: z.string(),
  message_count: z.number().int(),
  /** LLM tokens the chat has used (prompts and replies). */
  tokens: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ChatSummary = z.infer<typeof chatSummarySchema>;

/** `GET my-chats`: newest first. */
export const chatListSchema = z.object({ items: z.array(chatSummarySchema) });
export type ChatList = z.infer<typeof chatListSchema>;

/** A masked value in a message: where it sits in `content` and the pseudonym the LLM saw instead. */
export const maskedSpanSchema = z.object({
  start: z.number().int().nonnegative(),
  end: z.number().int().nonnegative(),
  type: piiEntityTypeSchema,
  token: z.string(),
});
export type MaskedSpan = z.infer<typeof maskedSpanSchema>;

export const chatMessageSchema = z.object({
  id: z.string(),
  role: z.enum(['user', 'assistant']),
  /** The message as the user reads it: masked values restored. */
  content: z.string(),
  /** Exactly what the LLM received (user) or sent (assistant). */
  masked_content: z.string(),
  spans: z.array(maskedSpanSchema),
  usage: z
    .object({
      prompt_tokens: z.number().int(),
      completion_tokens: z.number().int(),
      estimated: z.boolean(),
    })
    .nullable(),
  created_at: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** `GET my-chats/{id}`. */
export const chatDetailSchema = chatSummarySchema.extend({ messages: z.array(chatMessageSchema) });
export type ChatDetail = z.infer<typeof chatDetailSchema>;

/** `PATCH my-chats/{id}`. */
export const chatRenameSchema = z.object({
  title: z.string().trim().min(1, 'Enter a name for the chat').max(120, 'A chat name can hold at most 120 characters'),
});
export type ChatRename = z.infer<typeof chatRenameSchema>;

/** A span of the prompt the user chose to mask (from the preview, adjusted). */
export const chatMaskSchema = z.object({
  start: z.number().int().nonnegative(),
  end: z.number().int().positive(),
  type: piiEntityTypeSchema,
});
export type ChatMask = z.infer<typeof chatMaskSchema>;

/**
 * `POST v1/chats/messages`: sends a prompt (into a new chat when `chat_id` is absent). The answer is a stream of
 * Server-Sent Events (`chatStreamEventSchema`).
 */
export const chatSendSchema = z
  .object({
    chat_id: z.string().uuid().optional(),
    model: z.string().min(1, 'Choose a model'),
    content: z
      .string()
      .refine((text) => text.trim().length > 0, 'Write a message first')
      .refine((text) => text.length <= CHAT_MESSAGE_MAX_CHARACTERS, 'A message can hold at most 20,000 characters'),
    masks: z.array(chatMaskSchema).max(2_000),
  })
  .superRefine((body, context) => {
    const sorted = [...body.masks].sort((a, b) => a.start - b.start);
    let previousEnd = 0;
    for (const mask of sorted) {
      if (mask.end <= mask.start || mask.end > body.content.length || mask.start < previousEnd) {
        context.addIssue({
          code: 'custom',
          path: ['masks'],
          message: 'The masked parts must be separate parts of the message',
        });
        return;
      }
      previousEnd = mask.end;
    }
  });
export type ChatSend = z.infer<typeof chatSendSchema>;

/** The events of a chat reply stream, in order: chat, prompt, delta…, then reply or error. */
export const chatStreamEventSchema = z.discriminatedUnion('type', [
  /** The chat the message went into (new or existing). */
  z.object({ type: z.literal('chat'), chat: chatSummarySchema }),
  /** The stored prompt, with what was masked. */
  z.object({ type: z.literal('prompt'), message: chatMessageSchema }),
  /** Reply text as it arrives, masked values already restored. */
  z.object({ type: z.literal('delta'), text: z.string() }),
  /** The stored reply. */
  z.object({ type: z.literal('reply'), message: chatMessageSchema }),
  z.object({ type: z.literal('error'), error: z.object({ code: z.string(), message: z.string() }) }),
]);
export type ChatStreamEvent = z.infer<typeof chatStreamEventSchema>;

/** `GET my-tokens?from_date&to_date`: LLM tokens used by chats, per day and per chat. */
export const chatTokenQuerySchema = z.object({
  from_date: z.iso.date().optional(),
  to_date: z.iso.date().optional(),
});
export type ChatTokenQuery = z.infer<typeof chatTokenQuerySchema>;

export const chatTokenUsageSchema = z.object({
  /** Tokens one user may use per day (UTC); null when unlimited. */
  daily_limit: z.number().int().nullable(),
  today: z.number().int(),
  by_day: z.array(z.object({ date: z.string(), prompt_tokens: z.number().int(), completion_tokens: z.number().int() })),
  by_chat: z.array(z.object({ chat_id: z.string(), title: z.string(), tokens: z.number().int() })),
});
export type ChatTokenUsage = z.infer<typeof chatTokenUsageSchema>;
