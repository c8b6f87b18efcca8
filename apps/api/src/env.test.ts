import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadEnv, parseEnv, repoRoot } from './env';
import { tempDir } from './test/temp-dir';

describe('parseEnv', () => {
  it('gives the documented defaults when nothing is set', () => {
    const env = parseEnv({});
    expect(env).toEqual({
      port: 3000,
      host: '127.0.0.1',
      nodeEnv: 'development',
      logLevel: 'info',
      dataDir: path.join(repoRoot, 'data'),
      databaseUrl: undefined,
      smtpUrl: undefined,
      mailFrom: undefined,
      jwtSecret: undefined,
      addressProvider: 'demo',
      getaddressApiKey: undefined,
      getaddressUrl: undefined,
      publicUrlPattern: undefined,
      webDistDir: path.join(repoRoot, 'apps/web/dist'),
      trustProxy: undefined,
      metricsToken: undefined,
      rateLimits: 'on',
      rateLimitIpv6Prefix: 64,
      mailRetentionDays: 30,
      dbStatementTimeoutMs: 5000,
      lookupCacheSeconds: 30,
      requestTimeoutMs: 30_000,
      clipMaxBytes: 4_294_967_296,
      disclosureDays: 14,
      storage: { kind: 'local' },
    });
  });

  it('reads an S3-compatible upload store, and names what it misses', () => {
    expect(
      parseEnv({
        STORAGE: 's3',
        S3_ENDPOINT: 'https://s3.eu-west-2.amazonaws.com',
        S3_REGION: 'eu-west-2',
        S3_BUCKET: 'sign-register-uploads',
        S3_ACCESS_KEY_ID: 'AKID',
        S3_SECRET_ACCESS_KEY: 'secret',
      }).storage,
    ).toEqual({
      kind: 's3',
      endpoint: 'https://s3.eu-west-2.amazonaws.com',
      region: 'eu-west-2',
      bucket: 'sign-register-uploads',
      accessKeyId: 'AKID',
      secretAccessKey: 'secret',
    });
    expect(() => parseEnv({ STORAGE: 's3', S3_ENDPOINT: 'https://s3.example.com' })).toThrow(
      'Invalid environment: S3_BUCKET is required when STORAGE is s3; S3_ACCESS_KEY_ID is required when STORAGE is s3; S3_SECRET_ACCESS_KEY is required when STORAGE is s3',
    );
    expect(() => parseEnv({ STORAGE: 'ftp' })).toThrow(
      'Invalid environment: STORAGE must be one of local, s3',
    );
  });

  it('in production on PostgreSQL, asks for JWT_SECRET, since every instance must sign with the same key', () => {
    expect(() =>
      parseEnv({ NODE_ENV: 'production', DATABASE_URL: 'postgres://app@db.internal:5432/app' }),
    ).toThrow(
      'Invalid environment: JWT_SECRET is required when NODE_ENV is production and DATABASE_URL is set (every instance must share it)',
    );
    expect(parseEnv({ NODE_ENV: 'production' }).jwtSecret).toBeUndefined();
  });

  it('lets rate limits be turned off for a load test, but never in production', () => {
    expect(parseEnv({ RATE_LIMITS: 'off' }).rateLimits).toBe('off');
    expect(() => parseEnv({ RATE_LIMITS: 'off', NODE_ENV: 'production' })).toThrow(
      'Invalid environment: RATE_LIMITS must be on when NODE_ENV is production',
    );
  });

  it('keeps delivered mail 30 days and lets statements run 5 seconds unless told otherwise', () => {
    expect(parseEnv({})).toMatchObject({ mailRetentionDays: 30, dbStatementTimeoutMs: 5000 });
    expect(parseEnv({ MAIL_RETENTION_DAYS: '7', DB_STATEMENT_TIMEOUT_MS: '250' })).toMatchObject({
      mailRetentionDays: 7,
      dbStatementTimeoutMs: 250,
    });
    expect(() => parseEnv({ MAIL_RETENTION_DAYS: '0' })).toThrow(
      'Invalid environment: MAIL_RETENTION_DAYS must be a whole number from 1 to 3650',
    );
    expect(() => parseEnv({ DB_STATEMENT_TIMEOUT_MS: '5s' })).toThrow(
      'Invalid environment: DB_STATEMENT_TIMEOUT_MS must be a whole number from 100 to 600000',
    );
  });

  it('keeps sign look-ups 30 seconds unless told otherwise, from not at all to 5 minutes', () => {
    expect(parseEnv({ LOOKUP_CACHE_SECONDS: '0' })).toMatchObject({ lookupCacheSeconds: 0 });
    expect(parseEnv({ LOOKUP_CACHE_SECONDS: '300' })).toMatchObject({ lookupCacheSeconds: 300 });
    expect(() => parseEnv({ LOOKUP_CACHE_SECONDS: '301' })).toThrow(
      'Invalid environment: LOOKUP_CACHE_SECONDS must be a whole number from 0 to 300',
    );
  });

  it('treats empty values as unset', () => {
    expect(parseEnv({ PORT: '', ADDRESS_PROVIDER: ' ' }).port).toBe(3000);
  });

  it('reads set values and resolves relative folders from the working directory', () => {
    const env = parseEnv({
      PORT: '8080',
      HOST: '0.0.0.0',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATA_DIR: 'data/e2e',
      DATABASE_URL: 'postgres://app@db.internal:5432/app',
      JWT_SECRET: 'a-signing-key-of-at-least-32-characters',
      SMTP_URL: 'smtp://mail.internal:25',
      ADDRESS_PROVIDER: 'getaddress',
      GETADDRESS_URL: 'https://api.getaddress.io',
      GETADDRESS_API_KEY: 'key',
      PUBLIC_URL_PATTERN: 'https://{host}.example.com/',
    });
    expect(env.port).toBe(8080);
    expect(env.nodeEnv).toBe('production');
    expect(env.dataDir).toBe(path.resolve('data/e2e'));
    expect(env.addressProvider).toBe('getaddress');
    expect(env.publicUrlPattern).toBe('https://{host}.example.com');
  });

  it.each([['abc'], ['0'], ['70000'], ['3000.5'], ['-1']])(
    'refuses PORT=%s with a message naming it',
    (port) => {
      expect(() => parseEnv({ PORT: port })).toThrow(
        /^Invalid environment: PORT must be a whole number from 1 to 65535$/,
      );
    },
  );

  it('reads TRUST_PROXY as a hop count or a list of proxy addresses', () => {
    expect(parseEnv({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(parseEnv({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1, loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'loopback',
    ]);
  });

  it.each([['true'], ['0'], ['10.0.0.0/33'], ['proxy.internal'], ['10.0.0.1,']])(
    'refuses TRUST_PROXY=%s with a message naming it',
    (value) => {
      expect(() => parseEnv({ TRUST_PROXY: value })).toThrow(
        /^Invalid environment: TRUST_PROXY must be a number of proxy hops/,
      );
    },
  );

  it('refuses a METRICS_TOKEN shorter than 32 characters', () => {
    expect(() => parseEnv({ METRICS_TOKEN: 'short' })).toThrow(
      'Invalid environment: METRICS_TOKEN must be at least 32 characters long',
    );
  });

  it('refuses the getaddress provider without its URL', () => {
    expect(() => parseEnv({ ADDRESS_PROVIDER: 'getaddress' })).toThrow(
      'Invalid environment: GETADDRESS_URL is required when ADDRESS_PROVIDER is getaddress',
    );
  });

  it('names every bad variable on one line', () => {
    let message = '';
    try {
      parseEnv({
        NODE_ENV: 'staging',
        DATABASE_URL: 'mysql://x',
        JWT_SECRET: 'short',
        PUBLIC_URL_PATTERN: 'x/y',
      });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).not.toContain('\n');
    expect(message).toContain('NODE_ENV must be one of development, production, test');
    expect(message).toContain('DATABASE_URL must be a URL starting with postgres:// or postgresql://');
    expect(message).toContain('JWT_SECRET must be at least 32 characters long');
    expect(message).toContain('PUBLIC_URL_PATTERN must be an origin');
  });
});

describe('loadEnv', () => {
  it('creates a signing secret once, readable only by the owner, and keeps it', async () => {
    const dataDir = await tempDir('env-test');
    const first = await loadEnv({ DATA_DIR: dataDir });
    const second = await loadEnv({ DATA_DIR: dataDir });
    const file = path.join(dataDir, 'jwt-secret');
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect((await readFile(file, 'utf8')).trim()).toBe(first.jwtSecret);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('uses JWT_SECRET when it is set', async () => {
    const dataDir = await tempDir('env-test');
    const secret = 's'.repeat(40);
    expect((await loadEnv({ DATA_DIR: dataDir, JWT_SECRET: secret })).jwtSecret).toBe(secret);
  });
});
