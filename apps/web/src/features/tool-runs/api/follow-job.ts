import { finishedJobStatuses, type JobSnapshot, jobSnapshotSchema } from '@candor/contracts/tools';
import { isApiError } from '@/lib/api-client';
import { fetchJob, jobEventsUrl } from './tool-jobs';

export const POLL_INTERVAL_MS = 1_000;
/** Consecutive failed polls (network, 5xx) after which the job counts as lost. */
export const MAX_POLL_FAILURES = 5;

export const isJobFinished = (job: JobSnapshot) => finishedJobStatuses.includes(job.status);

export interface FollowJobHandlers {
  /** Every new state of the job; the last one is finished (succeeded, failed or cancelled). */
  onSnapshot: (job: JobSnapshot) => void;
  /** The job can no longer be followed: the server forgot it (404) or stopped answering. */
  onLost: (error: unknown) => void;
}

export interface FollowJobDependencies {
  EventSource?: typeof EventSource;
  fetchJob: (jobId: string) => Promise<JobSnapshot>;
}

/**
 * Follows a job until it finishes: over Server-Sent Events where the browser has them, and by polling
 * `GET v1/jobs/{id}` once a second when the stream fails (a proxy that buffers, an expired session the
 * api-client can refresh, a dropped connection). Returns `stop`, which also runs by itself once the job finishes.
 */
export function followJob(
  jobId: string,
  { onSnapshot, onLost }: FollowJobHandlers,
  dependencies: FollowJobDependencies = { EventSource: globalThis.EventSource, fetchJob },
): () => void {
  let stopped = false;
  let source: EventSource | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const stop = () => {
    stopped = true;
    source?.close();
    clearTimeout(timer);
  };

  const receive = (job: JobSnapshot) => {
    if (stopped) return;
    onSnapshot(job);
    if (isJobFinished(job)) stop();
  };

  const poll = async (failures: number) => {
    if (stopped) return;
    let nextFailures = 0;
    try {
      receive(await dependencies.fetchJob(jobId));
    } catch (error) {
      if (stopped) return;
      nextFailures = failures + 1;
      if ((isApiError(error) && error.status === 404) || nextFailures >= MAX_POLL_FAILURES) {
        stop();
        onLost(error);
        return;
      }
    }
    if (!stopped) timer = setTimeout(() => void poll(nextFailures), POLL_INTERVAL_MS);
  };

  const fallBackToPolling = () => {
    if (stopped) return;
    source?.close();
    source = undefined;
    void poll(0);
  };

  const EventSourceImpl = dependencies.EventSource;
  if (!EventSourceImpl) {
    void poll(0);
    return stop;
  }
  source = new EventSourceImpl(jobEventsUrl(jobId));
  source.addEventListener('snapshot', (event) => {
    let parsed: ReturnType<typeof jobSnapshotSchema.safeParse>;
    try {
      parsed = jobSnapshotSchema.safeParse(JSON.parse((event as MessageEvent<string>).data));
    } catch {
      fallBackToPolling();
      return;
    }
    if (parsed.success) receive(parsed.data);
    else fallBackToPolling();
  });
  // EventSource would reconnect by itself, but a stream that failed once (401, a buffering proxy) tends to
  // fail again; polling goes through the api-client, which refreshes the session and retries.
  source.addEventListener('error', fallBackToPolling);
  return stop;
}
