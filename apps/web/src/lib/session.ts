import { type MyPlan, myPlanSchema, type UserInfo, userInfoSchema } from '@candor/contracts';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { api, isApiError, parseJson } from './api-client';
import { forgetUserWork } from './storage';

/** Query keys of the session, from one factory. */
export const sessionKeys = {
  all: ['session'] as const,
  user: () => [...sessionKeys.all, 'user'] as const,
  plan: () => [...sessionKeys.all, 'plan'] as const,
};

/** `users/info`: the user, or null when logged out (401 after the client's refresh attempt). */
export async function fetchUserInfo(): Promise<UserInfo | null> {
  try {
    return await parseJson(api.auth.get('users/info'), userInfoSchema);
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

export const userInfoQueryOptions = () => queryOptions({ queryKey: sessionKeys.user(), queryFn: fetchUserInfo });

/** Spec §3/§8: plan status from `v1/plans/my_plan`: 200 ok, 418 free_plan_expired, any other status logged_out. */
export type PlanState = { status: 'ok'; myPlan: MyPlan } | { status: 'free_plan_expired' } | { status: 'logged_out' };

export async function fetchPlanState(): Promise<PlanState> {
  try {
    return { status: 'ok', myPlan: await parseJson(api.payment.get('v1/plans/my_plan'), myPlanSchema) };
  } catch (error) {
    if (isApiError(error)) return error.status === 418 ? { status: 'free_plan_expired' } : { status: 'logged_out' };
    throw error;
  }
}

export const myPlanQueryOptions = () => queryOptions({ queryKey: sessionKeys.plan(), queryFn: fetchPlanState });

export interface Session {
  user: UserInfo | null;
  plan: PlanState;
}

/** The router's `auth` context: the session as guards need it, and the ways to end it. */
export interface Auth {
  /** The user from cache or `users/info`. */
  ensureUser: () => Promise<UserInfo | null>;
  /** The user and plan state, fetched in parallel; the plan only counts for a signed-in user. */
  ensureSession: () => Promise<Session>;
  /** Drops every cached query and loads the user again (after sign-in or verification). */
  reloadUser: () => Promise<UserInfo | null>;
  /** POST users/logout, then marks the session as over; the caller navigates away, then clears the cache. */
  logout: () => Promise<void>;
  /** Marks the session as over without calling the server (a refused refresh). */
  clearSession: () => void;
}

export interface RouterContext {
  queryClient: QueryClient;
  auth: Auth;
}

export function createAuth(queryClient: QueryClient): Auth {
  const ensureUser = () => queryClient.ensureQueryData(userInfoQueryOptions());
  return {
    ensureUser,
    async ensureSession() {
      const [user, plan] = await Promise.all([ensureUser(), queryClient.ensureQueryData(myPlanQueryOptions())]);
      return { user, plan: user ? plan : { status: 'logged_out' } };
    },
    async reloadUser() {
      // A new session: nothing cached for whoever was here before may leak into it.
      queryClient.clear();
      return queryClient.fetchQuery(userInfoQueryOptions());
    },
    async logout() {
      await api.auth.post('users/logout');
      // Only the user: removing queries still on screen would refetch them, signed out, before we leave.
      queryClient.setQueryData(sessionKeys.user(), null);
      forgetUserWork();
    },
    clearSession() {
      // The guards only need the user to be gone; the rest is dropped at the next sign-in (reloadUser).
      queryClient.setQueryData(sessionKeys.user(), null);
      forgetUserWork();
    },
  };
}
