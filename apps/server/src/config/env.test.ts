import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, envTable, parseEnv, readDetectorModel, readTestSettings } from './env.js';
import { loadOrCreateSecret } from './secrets.js';

function problemsOf(source: Record<string, string>): string[] {
  try {
    parseEnv(source);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected the configuration to be refused');
}

describe('configuration', () => {
  it('starts from documented defaults when nothing is set', () => {
    const config = parseEnv({}, { cwd: '/srv/candor' });
    expect(config).toMatchObject({
      nodeEnv: 'production',
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/srv/candor/.data',
      databaseUrl: undefined,
      redisUrl: undefined,
      smtpUrl: undefined,
      mailFrom: 'Candor <no-reply@candor.local>',
      publicUrl: 'http://localhost:8080',
      secureCookies: false,
      jwtSecret: undefined,
      accessTokenTtlSeconds: 900,
      refreshTokenTtlSeconds: 2_592_000,
      otpTtlSeconds: 600,
      otpResendCooldownSeconds: 60,
      bodyLimitBytes: 1_048_576,
      services: ['auth', 'payment', 'detector', 'governance', 'api'],
      logLevel: 'info',
      trustProxy: false,
      authRateLimit: { perIp: 30, perAccount: 10, windowSeconds: 900 },
    });
    expect(config.webDistDir).toMatch(/apps[\\/]web[\\/]dist$/);
  });

  it('treats blank values as unset, so DATABASE_URL= means the embedded database', () => {
    const config = parseEnv({ DATABASE_URL: '', REDIS_URL: ' ', SMTP_URL: '', PORT: '' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.redisUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.port).toBe(8080);
  });

  it('derives PUBLIC_URL from PORT and makes cookies Secure only for https', () => {
    expect(parseEnv({ PORT: '9000' }).publicUrl).toBe('http://localhost:9000');
    const https = parseEnv({ PUBLIC_URL: 'https://candor.example.com/' });
    expect(https.publicUrl).toBe('https://candor.example.com');
    expect(https.secureCookies).toBe(true);
  });

  it('reads the LLM settings, and wants a model list with an LLM endpoint', () => {
    const config = parseEnv(
      {
        LLM_BASE_URL: 'http://127.0.0.1:11434/v1/',
        LLM_MODELS: 'llama3.2, qwen2.5',
        LLM_MODEL_PATH: 'models/tiny.gguf',
        CHAT_DAILY_TOKENS: '0',
      },
      { cwd: '/srv' },
    );
    expect(config.governance.llm.endpoint).toEqual({
      baseUrl: 'http://127.0.0.1:11434/v1',
      apiKey: undefined,
      models: ['llama3.2', 'qwen2.5'],
    });
    expect(config.governance.llm.modelPath).toBe('/srv/models/tiny.gguf');
    expect(config.governance.chatDailyTokens).toBeNull();
    expect(parseEnv({}).governance.llm).toMatchObject({ endpoint: undefined, modelPath: undefined });
    expect(() => parseEnv({ LLM_BASE_URL: 'http://127.0.0.1:11434/v1' })).toThrow(/LLM_MODELS: is needed/);
  });

  it("takes the AI Detector's local model from DETECTOR_MODEL_PATH, else LLM_MODEL_PATH; none turns it off", () => {
    expect(parseEnv({}).tools.detectorModel).toBeUndefined();
    expect(parseEnv({ LLM_MODEL_PATH: 'models/chat.gguf' }, { cwd: '/srv' }).tools.detectorModel).toEqual({
      path: '/srv/models/chat.gguf',
      from: 'LLM_MODEL_PATH',
    });
    const own = { LLM_MODEL_PATH: 'models/chat.gguf', DETECTOR_MODEL_PATH: '/models/scorer.gguf' };
    expect(parseEnv(own, { cwd: '/srv' }).tools.detectorModel).toEqual({
      path: '/models/scorer.gguf',
      from: 'DETECTOR_MODEL_PATH',
    });
    expect(parseEnv({ ...own, DETECTOR_MODEL_PATH: 'None' }).tools.detectorModel).toBeUndefined();
    expect(parseEnv({ ...own, DETECTOR_MODEL_PATH: ' ' }, { cwd: '/srv' }).tools.detectorModel?.from).toBe(
      'LLM_MODEL_PATH',
    );
    // The batch CLI reads the same two variables and nothing else.
    expect(readDetectorModel({ DETECTOR_MODEL_PATH: 'scorer.gguf', PORT: 'not a port' }, '/data')).toEqual({
      path: '/data/scorer.gguf',
      from: 'DETECTOR_MODEL_PATH',
    });
    expect(readDetectorModel({ DETECTOR_MODEL_PATH: 'none', LLM_MODEL_PATH: 'chat.gguf' })).toBeUndefined();
  });

  it('reads a subset of services, TRUST_PROXY forms and relative directories', () => {
    const config = parseEnv(
      { SERVICES: 'auth, Payment', TRUST_PROXY: '2', DATA_DIR: 'var/data', WEB_DIST_DIR: 'public' },
      { cwd: '/srv' },
    );
    expect(config.services).toEqual(['auth', 'payment']);
    expect(config.trustProxy).toBe(2);
    expect(config.dataDir).toBe('/srv/var/data');
    expect(config.webDistDir).toBe('/srv/public');
    expect(parseEnv({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(parseEnv({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
  });

  it('refuses a bad configuration with one line per problem', () => {
    const problems = problemsOf({
      NODE_ENV: 'staging',
      PORT: 'eighty',
      DATABASE_URL: 'mysql://localhost/candor',
      JWT_SECRET: 'too-short',
      SERVICES: 'auth,billing',
      LOG_LEVEL: 'loud',
      TRUST_PROXY: 'everyone!',
      OTP_TTL_SECONDS: '5',
    });
    expect(problems).toEqual([
      'NODE_ENV: must be development, production or test',
      'PORT: must be a whole number from 0 to 65535',
      'DATABASE_URL: must be a URL like postgres://user:password@host:5432/database',
      'JWT_SECRET: must be at least 32 characters long',
      'OTP_TTL_SECONDS: must be a whole number from 30 to 86400',
      'SERVICES: must list services out of auth, payment, detector, governance, api',
      'LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent',
      'TRUST_PROXY: must be true, false, a hop count or a comma list of addresses',
    ]);
    for (const line of problems) expect(line).not.toContain('\n');
  });

  it('documents every variable with a description', () => {
    for (const [name, spec] of Object.entries(envTable)) {
      expect(name).toMatch(/^[A-Z][A-Z0-9_]+$/);
      expect(spec.description.length).toBeGreaterThan(10);
    }
    expect(Object.keys(envTable)).toContain('WEB_DIST_DIR');
  });

  it('tells the test helpers whether PostgreSQL, Redis and CI are around', () => {
    expect(readTestSettings({ DATABASE_URL: ' ', CI: 'true' })).toEqual({
      databaseUrl: undefined,
      redisUrl: undefined,
      ci: true,
      detectorModel: undefined,
    });
  });
});

describe('generated secrets', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('is generated once into DATA_DIR/jwt-secret with mode 0600 and reused on the next start', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'candor-secret-'));
    const first = loadOrCreateSecret(dir, 'jwt-secret');
    const file = path.join(dir, 'jwt-secret');
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(file, 'utf8')).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadOrCreateSecret(dir, 'jwt-secret')).toBe(first);
  });

  it('prefers the configured secret (JWT_SECRET, PII_VAULT_KEY)', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'candor-secret-'));
    expect(loadOrCreateSecret(dir, 'jwt-secret', 'x'.repeat(40))).toBe('x'.repeat(40));
  });
});
