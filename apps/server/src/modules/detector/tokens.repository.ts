import { type Database, modelCoefficients, tokenAccounts } from '@candor/db';
import { eq } from 'drizzle-orm';

export function createTokensRepository(db: Database) {
  return {
    async balance(userId: string) {
      const [row] = await db.select().from(tokenAccounts).where(eq(tokenAccounts.userId, userId)).limit(1);
      return row;
    },

    async coefficients() {
      return db.select().from(modelCoefficients);
    },
  };
}
export type TokensRepository = ReturnType<typeof createTokensRepository>;
