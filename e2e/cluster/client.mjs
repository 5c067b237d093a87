// A signed-in user of a cluster, through its proxy: a cookie jar, CSRF, and a job follower that re-attaches to the
// SSE stream when the instance serving it goes away (as the screens do).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export const FINAL = new Set(['succeeded', 'failed', 'cancelled']);

export class User {
  constructor(base) {
    this.base = base;
    this.jar = new Map();
  }

  remember(response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...rest] = pair.split('=');
      this.jar.set(name.trim(), rest.join('='));
    }
  }

  headers(extra = {}) {
    return {
      cookie: [...this.jar].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-csrf-token': this.jar.get('csrf_access_token') ?? '',
      ...extra,
    };
  }

  /** One request; a network error (an instance killed mid-request) comes back as status 0. */
  async request(method, url, body, { timeoutMs = 60_000, headers = {} } = {}) {
    try {
      const isForm = body instanceof FormData;
      const response = await fetch(`${this.base}${url}`, {
        method,
        headers: this.headers(body && !isForm ? { 'content-type': 'application/json', ...headers } : headers),
        body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      this.remember(response);
      const text = await response.text();
      let json;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      return { status: response.status, json, text };
    } catch (error) {
      return { status: 0, json: undefined, text: String(error) };
    }
  }

  /** Signs up and verifies a new account, reading the code from the cluster's outbox. */
  async signUp(outbox, email) {
    await this.request('GET', '/api/auth/users/info');
    const signup = await this.request('POST', '/api/auth/users/signup', {
      full_name: 'Chaos User',
      email,
      password: 'Chaos1234',
      terms_conditions_aggreed: true,
    });
    if (signup.status !== 201) throw new Error(`sign-up: ${signup.status} ${signup.text}`);
    const code = await readCode(outbox, email);
    const verify = await this.request('POST', '/api/auth/users/verify-account', { email, code });
    if (verify.status !== 200) throw new Error(`verify: ${verify.status} ${verify.text}`);
    return this;
  }

  /**
   * Follows a job to its final snapshot over SSE, opening the stream again after a break (it starts with the current
   * state). Undefined when the job is unknown or not finished by `deadline`.
   */
  async follow(jobId, deadline) {
    while (Date.now() < deadline) {
      let last;
      try {
        const response = await fetch(`${this.base}/api/detector/v1/jobs/${jobId}/events`, {
          headers: this.headers(),
          signal: AbortSignal.timeout(Math.max(1_000, deadline - Date.now())),
        });
        if (response.status === 404) return undefined;
        if (response.ok && response.body) {
          const decoder = new TextDecoder();
          let buffer = '';
          for await (const chunk of response.body) {
            buffer += decoder.decode(chunk, { stream: true });
            let cut = buffer.indexOf('\n\n');
            while (cut >= 0) {
              const block = buffer.slice(0, cut);
              buffer = buffer.slice(cut + 2);
              if (block.startsWith('event: snapshot\n')) last = JSON.parse(block.slice(block.indexOf('data: ') + 6));
              cut = buffer.indexOf('\n\n');
            }
            if (last && FINAL.has(last.status)) return last;
          }
        }
      } catch {
        // The stream broke (its instance died, or the deadline passed): attach again.
      }
      if (last && FINAL.has(last.status)) return last;
      await sleep(500);
    }
    return undefined;
  }
}

/** The newest 6-digit code mailed to `email`, waiting for it. */
export async function readCode(outbox, email, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = readdirSync(outbox)
      .filter((f) => f.endsWith('.eml'))
      .sort();
    for (const file of files.reverse()) {
      const raw = readFileSync(path.join(outbox, file), 'utf8');
      const [headers, ...body] = raw.split(/\r?\n\r?\n/);
      if (!new RegExp(`^To:.*${email.replace(/[.+]/g, '\\$&')}`, 'im').test(headers)) continue;
      const code = /\b(\d{6})\b/.exec(body.join('\n'))?.[1];
      if (code) return code;
    }
    await sleep(150);
  }
  throw new Error(`no code for ${email} in ${outbox}`);
}
