import type { Database } from '@candor/db';
import { type SQL, sql } from 'drizzle-orm';

/** Raw rows of a query: node-postgres and PGlite both answer with `{ rows }`. */
async function rows<T>(db: Database, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** One account whose stored balances differ from what its ledger adds up to, or whose ledger chain is broken. */
export interface LedgerDrift {
  userId: string;
  problem: 'balance_differs' | 'broken_chain';
  /** Stored balances (plan/referral/token) and what the ledger rebuilds, or the first entry that breaks the chain. */
  detail: string;
}

/**
 * Rebuilds every balance from the ledger and compares: the sum of each account's deltas must equal its stored
 * balances, and each entry's "after" must be the previous entry's "after" plus its own delta.
 */
export async function findLedgerDrift(db: Database): Promise<LedgerDrift[]> {
  const balances = await rows<{ user_id: string; stored: string; rebuilt: string }>(
    db,
    sql`
    select coalesce(a.user_id, l.user_id) as user_id,
           coalesce(a.plan_balance, 0) || '/' || coalesce(a.referral_token_balance, 0) || '/' || coalesce(a.token_balance, 0) as stored,
           coalesce(l.plan, 0) || '/' || coalesce(l.referral, 0) || '/' || coalesce(l.token, 0) as rebuilt
    from token_accounts a
    full outer join (
      select user_id, sum(plan_delta) as plan, sum(referral_delta) as referral, sum(token_delta) as token
      from ledger_entries group by user_id
    ) l on l.user_id = a.user_id
    where coalesce(a.plan_balance, 0) <> coalesce(l.plan, 0)
       or coalesce(a.referral_token_balance, 0) <> coalesce(l.referral, 0)
       or coalesce(a.token_balance, 0) <> coalesce(l.token, 0)`,
  );
  const chains = await rows<{ user_id: string; id: string }>(
    db,
    sql`
    select user_id, min(id) as id from (
      select user_id, id,
             plan_after - plan_delta <> coalesce(lag(plan_after) over w, 0)
          or referral_after - referral_delta <> coalesce(lag(referral_after) over w, 0)
          or token_after - token_delta <> coalesce(lag(token_after) over w, 0) as broken
      from ledger_entries
      window w as (partition by user_id order by id)
    ) e where broken group by user_id`,
  );
  return [
    ...balances.map((r) => ({
      userId: r.user_id,
      problem: 'balance_differs' as const,
      detail: `stored ${r.stored}, ledger ${r.rebuilt} (plan/referral/token)`,
    })),
    ...chains.map((r) => ({
      userId: r.user_id,
      problem: 'broken_chain' as const,
      detail: `entry ${r.id} does not follow from the one before it`,
    })),
  ];
}
