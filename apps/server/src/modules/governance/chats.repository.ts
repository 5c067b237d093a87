import { chatMessages, chatReplyLeases, chats, chatTokenUsage, type Database } from '@candor/db';
import { and, asc, desc, eq, gte, lt, lte, sql } from 'drizzle-orm';

export type ChatRow = typeof chats.$inferSelect;
export type ChatMessageRow = typeof chatMessages.$inferSelect;
type Writer = Pick<Database, 'insert' | 'update'>;

/** The tokens of a chat's stored messages (its summary's `tokens`). */
const tokensOf = sql<number>`coalesce(sum(${chatMessages.promptTokens} + ${chatMessages.completionTokens}), 0)::int`;

/**
 * Chats and their (masked) messages, the token use of their replies, and the lease of the reply being written; every
 * query is scoped to the owner.
 * The daily allowance reads `chat_token_usage`, not the messages: it keeps the tokens of stopped and failed replies
 * and of deleted chats, whose messages are gone.
 */
export function createChatsRepository(db: Database) {
  const summaries = db
    .select({
      chat: chats,
      messageCount: sql<number>`count(${chatMessages.id})::int`,
      tokens: tokensOf,
    })
    .from(chats)
    .leftJoin(chatMessages, eq(chatMessages.chatId, chats.id))
    .groupBy(chats.id)
    .$dynamic();

  return {
    async list(userId: string) {
      return summaries.where(eq(chats.userId, userId)).orderBy(desc(chats.updatedAt), desc(chats.id));
    },
    async findOwned(userId: string, chatId: string) {
      const [row] = await db
        .select({ chat: chats, messageCount: sql<number>`count(${chatMessages.id})::int`, tokens: tokensOf })
        .from(chats)
        .leftJoin(chatMessages, eq(chatMessages.chatId, chats.id))
        .where(and(eq(chats.userId, userId), eq(chats.id, chatId)))
        .groupBy(chats.id);
      return row;
    },
    async messages(chatId: string): Promise<ChatMessageRow[]> {
      return db
        .select()
        .from(chatMessages)
        .where(eq(chatMessages.chatId, chatId))
        .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id));
    },
    async create(tx: Writer, values: { userId: string; title: string; model: string; now: Date }): Promise<ChatRow> {
      const [row] = await tx
        .insert(chats)
        .values({
          userId: values.userId,
          title: values.title,
          model: values.model,
          createdAt: values.now,
          updatedAt: values.now,
        })
        .returning();
      if (!row) throw new Error('the chat was not created');
      return row;
    },
    async addMessage(tx: Writer, values: typeof chatMessages.$inferInsert): Promise<ChatMessageRow> {
      const [row] = await tx.insert(chatMessages).values(values).returning();
      if (!row) throw new Error('the message was not stored');
      await tx
        .update(chats)
        .set({ updatedAt: values.createdAt ?? new Date() })
        .where(eq(chats.id, values.chatId));
      return row;
    },
    async deleteMessage(tx: Pick<Database, 'delete'>, messageId: string): Promise<void> {
      await tx.delete(chatMessages).where(eq(chatMessages.id, messageId));
    },
    async rename(userId: string, chatId: string, title: string): Promise<boolean> {
      const rows = await db
        .update(chats)
        .set({ title })
        .where(and(eq(chats.userId, userId), eq(chats.id, chatId)))
        .returning({ id: chats.id });
      return rows.length > 0;
    },
    async remove(tx: Pick<Database, 'delete'>, userId: string, chatId: string): Promise<boolean> {
      const rows = await tx
        .delete(chats)
        .where(and(eq(chats.userId, userId), eq(chats.id, chatId)))
        .returning({ id: chats.id });
      return rows.length > 0;
    },
    /** Counts one reply's tokens (no content) toward the user's daily allowance, in the caller's transaction. */
    async recordUsage(tx: Pick<Database, 'insert'>, values: typeof chatTokenUsage.$inferInsert): Promise<void> {
      await tx.insert(chatTokenUsage).values(values);
    },
    /** LLM tokens per UTC day in [from, to), deleted chats and stopped replies included. */
    async tokensByDay(userId: string, from: Date, to: Date) {
      const day = sql<string>`to_char(${chatTokenUsage.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
      return db
        .select({
          date: day,
          promptTokens: sql<number>`coalesce(sum(${chatTokenUsage.promptTokens}), 0)::int`,
          completionTokens: sql<number>`coalesce(sum(${chatTokenUsage.completionTokens}), 0)::int`,
        })
        .from(chatTokenUsage)
        .where(
          and(eq(chatTokenUsage.userId, userId), gte(chatTokenUsage.createdAt, from), lt(chatTokenUsage.createdAt, to)),
        )
        .groupBy(day)
        .orderBy(day);
    },
    /** LLM tokens used since `since`, deleted chats and stopped replies included: what the daily allowance counts. */
    async tokensSince(userId: string, since: Date, reader: Pick<Database, 'select'> = db): Promise<number> {
      const [row] = await reader
        .select({
          tokens: sql<number>`coalesce(sum(${chatTokenUsage.promptTokens} + ${chatTokenUsage.completionTokens}), 0)::int`,
        })
        .from(chatTokenUsage)
        .where(and(eq(chatTokenUsage.userId, userId), gte(chatTokenUsage.createdAt, since)));
      return row?.tokens ?? 0;
    },
    /**
     * Takes the user's reply lease unless a reply holds it; one whose lease ran out (its process died) is taken over.
     * One statement, so two sends at once can't both take it. False when a reply holds it.
     */
    async takeReplyLease(
      tx: Writer,
      values: { userId: string; leaseId: string; now: Date; expiresAt: Date },
    ): Promise<boolean> {
      const lease = { leaseId: values.leaseId, createdAt: values.now, expiresAt: values.expiresAt };
      const rows = await tx
        .insert(chatReplyLeases)
        .values({ userId: values.userId, ...lease })
        .onConflictDoUpdate({
          target: chatReplyLeases.userId,
          set: lease,
          setWhere: lte(chatReplyLeases.expiresAt, values.now),
        })
        .returning({ userId: chatReplyLeases.userId });
      return rows.length > 0;
    },
    /**
     * Moves the reply lease's expiry to `expiresAt` while `leaseId` still holds it. False when it doesn't: it was given
     * back, or taken over by another reply after it ran out, and that reply's lease stays as it is.
     */
    async renewReplyLease(values: { userId: string; leaseId: string; expiresAt: Date }): Promise<boolean> {
      const rows = await db
        .update(chatReplyLeases)
        .set({ expiresAt: values.expiresAt })
        .where(and(eq(chatReplyLeases.userId, values.userId), eq(chatReplyLeases.leaseId, values.leaseId)))
        .returning({ userId: chatReplyLeases.userId });
      return rows.length > 0;
    },
    /** Gives the reply lease back; a lease taken over since (see `takeReplyLease`) belongs to another reply and stays. */
    async releaseReplyLease(tx: Pick<Database, 'delete'>, userId: string, leaseId: string): Promise<void> {
      await tx
        .delete(chatReplyLeases)
        .where(and(eq(chatReplyLeases.userId, userId), eq(chatReplyLeases.leaseId, leaseId)));
    },
  };
}
export type ChatsRepository = ReturnType<typeof createChatsRepository>;
