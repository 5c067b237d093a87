/** What the admin CLI (`npm run catalog`) changes: plans, token packets and coupons. */
import { couponRedemptions, coupons, type Database, plans, tokenPackets, uniqueViolation } from '@candor/db';
import { asc, count, eq, max } from 'drizzle-orm';
import type { CouponRow } from './coupons.js';
import type { PlanRow } from './plans.repository.js';

export type PlanChanges = Partial<
  Pick<PlanRow, 'name' | 'priceCents' | 'tokens' | 'durationDays' | 'active' | 'limits'>
>;
type PacketRow = typeof tokenPackets.$inferSelect;
export type PacketChanges = Partial<Pick<PacketRow, 'name' | 'tokens' | 'priceCents' | 'active'>>;
export type NewPacket = Pick<PacketRow, 'slug' | 'name' | 'tokens' | 'priceCents'>;
export type NewCoupon = Omit<typeof coupons.$inferInsert, 'id' | 'createdAt' | 'active'>;

/** A slug or code that is already taken. */
export class AlreadyExistsError extends Error {}

export function createCatalogAdminRepository(db: Database) {
  return {
    listPlans: (): Promise<PlanRow[]> => db.select().from(plans).orderBy(asc(plans.sortOrder), asc(plans.slug)),

    /** The updated plan, or undefined when there is no plan with that slug. */
    async updatePlan(slug: string, changes: PlanChanges): Promise<PlanRow | undefined> {
      const [row] = await db.update(plans).set(changes).where(eq(plans.slug, slug)).returning();
      return row;
    },

    listPackets: (): Promise<PacketRow[]> =>
      db.select().from(tokenPackets).orderBy(asc(tokenPackets.sortOrder), asc(tokenPackets.slug)),

    async insertPacket(packet: NewPacket): Promise<PacketRow> {
      try {
        // New packets go last on the page.
        const [last] = await db.select({ sortOrder: max(tokenPackets.sortOrder) }).from(tokenPackets);
        const [row] = await db
          .insert(tokenPackets)
          .values({ ...packet, sortOrder: (last?.sortOrder ?? 0) + 1 })
          .returning();
        if (!row) throw new Error('the token packet was not inserted');
        return row;
      } catch (error) {
        if (uniqueViolation(error) !== null) throw new AlreadyExistsError(`a token packet "${packet.slug}" exists`);
        throw error;
      }
    },

    async updatePacket(slug: string, changes: PacketChanges): Promise<PacketRow | undefined> {
      const [row] = await db.update(tokenPackets).set(changes).where(eq(tokenPackets.slug, slug)).returning();
      return row;
    },

    /** Every coupon with how many payments used it. */
    async listCoupons(): Promise<(CouponRow & { redeemed: number })[]> {
      const rows = await db
        .select({ coupon: coupons, redeemed: count(couponRedemptions.id) })
        .from(coupons)
        .leftJoin(couponRedemptions, eq(couponRedemptions.couponId, coupons.id))
        .groupBy(coupons.id)
        .orderBy(asc(coupons.createdAt), asc(coupons.code));
      return rows.map((r) => ({ ...r.coupon, redeemed: r.redeemed }));
    },

    async insertCoupon(coupon: NewCoupon): Promise<CouponRow> {
      try {
        const [row] = await db.insert(coupons).values(coupon).returning();
        if (!row) throw new Error('the coupon was not inserted');
        return row;
      } catch (error) {
        if (uniqueViolation(error) !== null) throw new AlreadyExistsError(`a coupon "${coupon.code}" exists`);
        throw error;
      }
    },

    async disableCoupon(code: string): Promise<CouponRow | undefined> {
      const [row] = await db.update(coupons).set({ active: false }).where(eq(coupons.code, code)).returning();
      return row;
    },

    /** Which of `slugs` name no plan or token packet. */
    async unknownProductSlugs(slugs: string[]): Promise<string[]> {
      const known = new Set([
        ...(await db.select({ slug: plans.slug }).from(plans)).map((r) => r.slug),
        ...(await db.select({ slug: tokenPackets.slug }).from(tokenPackets)).map((r) => r.slug),
      ]);
      return slugs.filter((slug) => !known.has(slug));
    },
  };
}
export type CatalogAdminRepository = ReturnType<typeof createCatalogAdminRepository>;
