import { type Database, plans, tokenPackets } from '@candor/db';
import { and, asc, eq } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { isUuid } from '../../http/ids.js';
import type { PlanRow } from './plans.repository.js';

export type TokenPacketRow = typeof tokenPackets.$inferSelect;

/** Products are addressed by id or slug; only a well-formed id is compared with the uuid column (PostgreSQL would refuse). */
const byIdOrSlug = (table: { id: AnyPgColumn; slug: AnyPgColumn }, idOrSlug: string) =>
  isUuid(idOrSlug) ? eq(table.id, idOrSlug.toLowerCase()) : eq(table.slug, idOrSlug);

/** Plans and token packets: what can be bought. */
export function createCatalogRepository(db: Database) {
  return {
    async findPlan(idOrSlug: string): Promise<PlanRow | undefined> {
      const [row] = await db.select().from(plans).where(byIdOrSlug(plans, idOrSlug)).limit(1);
      return row;
    },

    async findActivePlanOfFamily(family: string, period: 'monthly' | 'yearly'): Promise<PlanRow | undefined> {
      const [row] = await db
        .select()
        .from(plans)
        .where(and(eq(plans.family, family), eq(plans.period, period), eq(plans.active, true)))
        .limit(1);
      return row;
    },

    async listActivePlansOfTab(tab: PlanRow['tab']): Promise<PlanRow[]> {
      return db
        .select()
        .from(plans)
        .where(and(eq(plans.tab, tab), eq(plans.active, true)))
        .orderBy(asc(plans.sortOrder), asc(plans.slug));
    },

    async listActivePackets(): Promise<TokenPacketRow[]> {
      return db
        .select()
        .from(tokenPackets)
        .where(eq(tokenPackets.active, true))
        .orderBy(asc(tokenPackets.sortOrder), asc(tokenPackets.slug));
    },

    async findPacket(idOrSlug: string): Promise<TokenPacketRow | undefined> {
      const [row] = await db.select().from(tokenPackets).where(byIdOrSlug(tokenPackets, idOrSlug)).limit(1);
      return row;
    },
  };
}
export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
