import type { JobSnapshot } from '@candor/contracts/tools';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { followJob, MAX_POLL_FAILURES, POLL_INTERVAL_MS } from './follow-job';

const snapshot = (status: JobSnapshot['status'], percent = 0): JobSnapshot => ({
  job_id: 'job-1',
  tool: 'writing-analysis',
  status,
  progress: { percent, stage: 'Counting words and sentences' },
  partial: null,
  cost: 5,
  history_id: status === 'succeeded' ? 'history-1' : null,
  error: null,
  created_at: '2026-11-21T10:00:00Z',
  finished_at: null,
});

/** A stand-in for the browser's EventSource that the test drives. */
class FakeEventSource extends EventTarget {
  static last: FakeEventSource | null = null;
  closed = false;
  constructor(readonly url: string) {
    super();
    FakeEventSource.last = this;
  }
  close() {
    this.closed = true;
  }
  send(job: JobSnapshot | string) {
    const data = typeof job === 'string' ? job : JSON.stringify(job);
    this.dispatchEvent(new MessageEvent('snapshot', { data }));
  }
  fail() {
    this.dispatchEvent(new Event('error'));
  }
}

const source = () => {
  if (!FakeEventSource.last) throw new Error('no event source');
  return FakeEventSource.last;
};

const notFound = () =>
  new ApiError(
    Object.assign(new Error('404'), {
      response: new Response(null, { status: 404 }),
      request: new Request('http://t/'),
      options: {},
    }) as never,
    { code: 'not_found', message: 'Not found' },
  );

beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.last = null;
});
afterEach(() => vi.useRealTimers());

describe('followJob', () => {
  it('reports every snapshot of the stream and closes it when the job finishes', () => {
    const seen: string[] = [];
    const fetchJob = vi.fn();
    followJob(
      'job-1',
      { onSnapshot: (job) => seen.push(`${job.status} ${job.progress.percent}`), onLost: vi.fn() },
      { EventSource: FakeEventSource as unknown as typeof EventSource, fetchJob },
    );
    expect(source().url).toBe('/api/detector/v1/jobs/job-1/events');
    source().send(snapshot('running', 30));
    source().send(snapshot('succeeded', 100));
    expect(seen).toEqual(['running 30', 'succeeded 100']);
    expect(source().closed).toBe(true);
    // The stream closing after the last snapshot is not a failure: no polling starts.
    source().fail();
    expect(fetchJob).not.toHaveBeenCalled();
  });

  it('polls once a second when the stream fails, until the job finishes', async () => {
    const states = [snapshot('running', 50), snapshot('succeeded', 100)];
    const fetchJob = vi.fn(async () => states.shift() ?? snapshot('succeeded', 100));
    const onSnapshot = vi.fn();
    followJob(
      'job-1',
      { onSnapshot, onLost: vi.fn() },
      { EventSource: FakeEventSource as unknown as typeof EventSource, fetchJob },
    );
    source().fail();
    expect(source().closed).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(onSnapshot).toHaveBeenLastCalledWith(expect.objectContaining({ status: 'running' }));
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(onSnapshot).toHaveBeenLastCalledWith(expect.objectContaining({ status: 'succeeded' }));
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 3);
    expect(fetchJob).toHaveBeenCalledTimes(2);
  });

  it('falls back to polling on a snapshot it cannot read', async () => {
    const fetchJob = vi.fn(async () => snapshot('running'));
    followJob(
      'job-1',
      { onSnapshot: vi.fn(), onLost: vi.fn() },
      { EventSource: FakeEventSource as unknown as typeof EventSource, fetchJob },
    );
    source().send('{not json');
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchJob).toHaveBeenCalledTimes(1);
  });

  it('polls from the start without EventSource, and gives up on a job the server forgot', async () => {
    const onLost = vi.fn();
    const fetchJob = vi.fn(async () => {
      throw notFound();
    });
    followJob('job-1', { onSnapshot: vi.fn(), onLost }, { fetchJob });
    await vi.advanceTimersByTimeAsync(0);
    expect(onLost).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 3);
    expect(fetchJob).toHaveBeenCalledTimes(1);
  });

  it('rides out a few failed polls but not too many', async () => {
    const onLost = vi.fn();
    const fetchJob = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    followJob('job-1', { onSnapshot: vi.fn(), onLost }, { fetchJob });
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * (MAX_POLL_FAILURES - 2));
    expect(onLost).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 2);
    expect(onLost).toHaveBeenCalledTimes(1);
    expect(fetchJob).toHaveBeenCalledTimes(MAX_POLL_FAILURES);
  });

  it('stops on request', async () => {
    const fetchJob = vi.fn(async () => snapshot('running'));
    const stop = followJob('job-1', { onSnapshot: vi.fn(), onLost: vi.fn() }, { fetchJob });
    await vi.advanceTimersByTimeAsync(0);
    stop();
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 5);
    expect(fetchJob).toHaveBeenCalledTimes(1);
  });
});
