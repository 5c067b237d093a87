import { type Database, modelCoefficients } from '@candor/db';

export function createTokensRepository(db: Database) {
  return {
    async coefficients() {
      return db.select().from(modelCoefficients);
    },
  };
}
export type TokensRepository = ReturnType<typeof createTokensRepository>;
