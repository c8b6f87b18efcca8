import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { StorageSettings } from './lib/storage';

/**
 * The repository root: defaults that name folders of the checkout resolve from here, not the cwd.
 * Three folders up from apps/api/src, and equally from the build in apps/api/dist.
 */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const nodeEnvs = ['development', 'production', 'test'] as const;
const addressProviders = ['demo', 'getaddress'] as const;
const storageKinds = ['local', 's3'] as const;
const switches = ['on', 'off'] as const;
const cdnPurgeStyles = ['fastly', 'cloudflare'] as const;

// Messages read "<VARIABLE> <message>", so each one starts with the rule the value broke.
const port = z
  .string()
  .regex(/^\d{1,5}$/, { error: 'must be a whole number from 1 to 65535' })
  .transform(Number)
  .refine((n) => n >= 1 && n <= 65535, { error: 'must be a whole number from 1 to 65535' });

const wholeNumber = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, { error: `must be a whole number from ${min} to ${max}` })
    .transform(Number)
    .refine((n) => n >= min && n <= max, { error: `must be a whole number from ${min} to ${max}` });

/** A size in bytes: larger than wholeNumber takes (4 GiB has ten digits). */
const byteCount = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,15}$/, { error: `must be a whole number of bytes from ${min} to ${max}` })
    .transform(Number)
    .refine((n) => n >= min && n <= max, { error: `must be a whole number of bytes from ${min} to ${max}` });

const oneOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: `must be one of ${values.join(', ')}` });

const urlWithScheme = (schemes: string[]) =>
  z.string().refine(
    (value) => {
      try {
        return schemes.includes(new URL(value).protocol.replace(/:$/, ''));
      } catch {
        return false;
      }
    },
    { error: `must be a URL starting with ${schemes.map((s) => `${s}://`).join(' or ')}` },
  );

const originPattern = z
  .string()
  .refine(
    (value) => {
      try {
        const url = new URL(value.replaceAll('{host}', 'brand'));
        return (url.protocol === 'http:' || url.protocol === 'https:') && url.pathname === '/' && !url.search;
      } catch {
        return false;
      }
    },
    { error: 'must be an origin such as http://{host}.localhost:3000 (http or https, no path)' },
  )
  .transform((value) => value.replace(/\/+$/, ''));

/** A proxy address as Fastify's trustProxy takes it: an IP, a CIDR range or a proxy-addr range name. */
function isProxyAddress(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

/** `TRUST_PROXY`: a number of proxy hops, or the proxies' addresses separated by commas. */
const trustProxy = z
  .string()
  .refine(
    (value) =>
      /^\d{1,2}$/.test(value)
        ? Number(value) >= 1
        : value.split(',').every((entry) => isProxyAddress(entry.trim())),
    {
      error:
        'must be a number of proxy hops (1 or more) or proxy addresses separated by commas (IP, CIDR range, loopback, linklocal or uniquelocal)',
    },
  )
  .transform((value) =>
    /^\d+$/.test(value) ? Number(value) : value.split(',').map((entry) => entry.trim()),
  );

const envSchema = z
  .object({
    PORT: port.default(3000),
    HOST: z.string().default('127.0.0.1'),
    NODE_ENV: oneOf(nodeEnvs).default('development'),
    LOG_LEVEL: oneOf(logLevels).default('info'),
    DATA_DIR: z.string().optional(),
    DATABASE_URL: urlWithScheme(['postgres', 'postgresql']).optional(),
    SMTP_URL: urlWithScheme(['smtp', 'smtps']).optional(),
    MAIL_FROM: z.string().optional(),
    JWT_SECRET: z.string().min(32, { error: 'must be at least 32 characters long' }).optional(),
    ADDRESS_PROVIDER: oneOf(addressProviders).default('demo'),
    GETADDRESS_API_KEY: z.string().optional(),
    GETADDRESS_URL: urlWithScheme(['http', 'https']).optional(),
    PUBLIC_URL_PATTERN: originPattern.optional(),
    WEB_DIST_DIR: z.string().optional(),
    TRUST_PROXY: trustProxy.optional(),
    METRICS_TOKEN: z.string().min(32, { error: 'must be at least 32 characters long' }).optional(),
    RATE_LIMITS: oneOf(switches).default('on'),
    RATE_LIMIT_IPV6_PREFIX: wholeNumber(16, 128).default(64),
    STORAGE: oneOf(storageKinds).default('local'),
    S3_ENDPOINT: urlWithScheme(['http', 'https']).optional(),
    S3_REGION: z.string().default('us-east-1'),
    S3_BUCKET: z.string().optional(),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    MAIL_RETENTION_DAYS: wholeNumber(1, 3650).default(30),
    DB_STATEMENT_TIMEOUT_MS: wholeNumber(100, 600_000).default(5000),
    LOOKUP_CACHE_SECONDS: wholeNumber(0, 300).default(30),
    REQUEST_TIMEOUT_MS: wholeNumber(100, 3_600_000).default(30_000),
    // 4 GiB by default; at most 5 TiB, the most an S3 object may hold.
    CLIP_MAX_BYTES: byteCount(1024, 5 * 1024 ** 4).default(4 * 1024 ** 3),
    DISCLOSURE_DAYS: wholeNumber(1, 90).default(14),
    CDN_PURGE_URL: urlWithScheme(['http', 'https']).optional(),
    CDN_PURGE_STYLE: oneOf(cdnPurgeStyles).default('fastly'),
    CDN_PURGE_TOKEN: z.string().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.NODE_ENV === 'production' && value.DATABASE_URL && !value.JWT_SECRET) {
      // A generated key would differ per instance, and a session from one would fail on another.
      ctx.addIssue({
        code: 'custom',
        path: ['JWT_SECRET'],
        message:
          'is required when NODE_ENV is production and DATABASE_URL is set (every instance must share it)',
      });
    }
    if (value.RATE_LIMITS === 'off' && value.NODE_ENV === 'production') {
      ctx.addIssue({
        code: 'custom',
        path: ['RATE_LIMITS'],
        message: 'must be on when NODE_ENV is production',
      });
    }
    if (value.STORAGE === 's3') {
      for (const key of ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
        if (!value[key])
          ctx.addIssue({ code: 'custom', path: [key], message: 'is required when STORAGE is s3' });
      }
    }
    if (value.ADDRESS_PROVIDER === 'getaddress' && !value.GETADDRESS_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['GETADDRESS_URL'],
        message: 'is required when ADDRESS_PROVIDER is getaddress',
      });
    }
  });

export interface Env {
  port: number;
  host: string;
  nodeEnv: (typeof nodeEnvs)[number];
  logLevel: (typeof logLevels)[number];
  /** Absolute path. */
  dataDir: string;
  /** Unset: the embedded database in `dataDir/pgdata`. */
  databaseUrl: string | undefined;
  /** Unset: mail is written to `dataDir/outbox`. */
  smtpUrl: string | undefined;
  mailFrom: string | undefined;
  /** Unset until `loadEnv` fills it from `dataDir/jwt-secret`. */
  jwtSecret: string | undefined;
  addressProvider: (typeof addressProviders)[number];
  getaddressApiKey: string | undefined;
  getaddressUrl: string | undefined;
  /** e.g. `https://{host}.example.com`; `{host}` is a brand's first host key. */
  publicUrlPattern: string | undefined;
  /** Absolute path of the built web app. */
  webDistDir: string;
  /**
   * The proxies in front whose X-Forwarded-For and X-Forwarded-Proto are believed: a hop count
   * or their addresses. Unset: forwarded headers are ignored.
   */
  trustProxy: number | string[] | undefined;
  /** Bearer token that opens GET /api/metrics; unset: only loopback callers without a proxy. */
  metricsToken: string | undefined;
  /** Where uploaded files go: DATA_DIR on this machine, or an S3-compatible bucket. */
  storage: StorageSettings;
  /** `off` only for load tests and benchmarks on a development server; never in production. */
  rateLimits: (typeof switches)[number];
  /**
   * Rate limits count an IPv6 client by the network of this many leading bits (a customer is
   * usually given a whole /64); 128 counts each address alone. IPv4 addresses count alone.
   */
  rateLimitIpv6Prefix: number;
  /** Delivered mail is deleted from the outbox this many days after it was sent; undelivered mail stays. */
  mailRetentionDays: number;
  /**
   * The longest a database statement may run (PostgreSQL's statement_timeout) and a pooled query
   * may wait in all (the pool's query timeout); past it the request is answered 503.
   */
  dbStatementTimeoutMs: number;
  /** How long a sign look-up is kept in memory (changes invalidate it at once); 0: not kept. */
  lookupCacheSeconds: number;
  /** The longest a request, headers and body, may take to arrive; past it the answer is 408 and the connection closes. */
  requestTimeoutMs: number;
  /** The largest file an operator may upload to disclose (a clip or a still), checked before any byte is stored. */
  clipMaxBytes: number;
  /** How many days a released disclosure can be downloaded before its copies are deleted. */
  disclosureDays: number;
  /**
   * Where a change's surrogate keys are purged at the CDN (lib/cdn-purge.ts): Fastly's
   * `Surrogate-Key` purge (also Varnish's, as e2e/varnish/default.vcl takes it) or Cloudflare's
   * `{"tags":[...]}`; the token is a secret from the environment. Unset: nothing is purged and the
   * short shared lifetimes alone bound how long a change takes to reach visitors.
   */
  cdnPurge: { url: string; style: (typeof cdnPurgeStyles)[number]; token: string | undefined } | undefined;
}

/** An environment whose signing secret is known. */
export type ResolvedEnv = Env & { jwtSecret: string };

export class EnvError extends Error {
  override name = 'EnvError';
}

/**
 * Reads the environment. Empty strings count as unset, so a blank line in a .env file gives the
 * default. Paths the operator gives resolve from the working directory; defaults from the checkout.
 */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const input = Object.fromEntries(
    Object.keys(envSchema.shape).map((key) => [key, source[key]?.trim() ? source[key]?.trim() : undefined]),
  );
  const result = envSchema.safeParse(input);
  if (!result.success) {
    const problems = result.error.issues.map(
      (issue) => `${String(issue.path[0] ?? 'environment')} ${issue.message}`,
    );
    throw new EnvError(`Invalid environment: ${problems.join('; ')}`);
  }
  const v = result.data;
  return {
    port: v.PORT,
    host: v.HOST,
    nodeEnv: v.NODE_ENV,
    logLevel: v.LOG_LEVEL,
    dataDir: v.DATA_DIR ? path.resolve(v.DATA_DIR) : path.join(repoRoot, 'data'),
    databaseUrl: v.DATABASE_URL,
    smtpUrl: v.SMTP_URL,
    mailFrom: v.MAIL_FROM,
    jwtSecret: v.JWT_SECRET,
    addressProvider: v.ADDRESS_PROVIDER,
    getaddressApiKey: v.GETADDRESS_API_KEY,
    getaddressUrl: v.GETADDRESS_URL,
    publicUrlPattern: v.PUBLIC_URL_PATTERN,
    webDistDir: v.WEB_DIST_DIR ? path.resolve(v.WEB_DIST_DIR) : path.join(repoRoot, 'apps/web/dist'),
    trustProxy: v.TRUST_PROXY,
    metricsToken: v.METRICS_TOKEN,
    rateLimits: v.RATE_LIMITS,
    rateLimitIpv6Prefix: v.RATE_LIMIT_IPV6_PREFIX,
    mailRetentionDays: v.MAIL_RETENTION_DAYS,
    dbStatementTimeoutMs: v.DB_STATEMENT_TIMEOUT_MS,
    lookupCacheSeconds: v.LOOKUP_CACHE_SECONDS,
    requestTimeoutMs: v.REQUEST_TIMEOUT_MS,
    clipMaxBytes: v.CLIP_MAX_BYTES,
    disclosureDays: v.DISCLOSURE_DAYS,
    cdnPurge: v.CDN_PURGE_URL
      ? { url: v.CDN_PURGE_URL, style: v.CDN_PURGE_STYLE, token: v.CDN_PURGE_TOKEN }
      : undefined,
    storage:
      v.STORAGE === 's3'
        ? {
            kind: 's3',
            endpoint: v.S3_ENDPOINT ?? '',
            region: v.S3_REGION,
            bucket: v.S3_BUCKET ?? '',
            accessKeyId: v.S3_ACCESS_KEY_ID ?? '',
            secretAccessKey: v.S3_SECRET_ACCESS_KEY ?? '',
          }
        : { kind: 'local' },
  };
}

/**
 * The JWT_SECRET, or the one kept in `dataDir/jwt-secret`, created on first start (mode 600) so
 * sessions survive restarts without the operator having to invent a key.
 */
export async function resolveJwtSecret(env: Env): Promise<string> {
  if (env.jwtSecret) return env.jwtSecret;
  const file = path.join(env.dataDir, 'jwt-secret');
  await mkdir(env.dataDir, { recursive: true });
  try {
    // `wx`: when two instances start at once, one writes and the other reads that secret.
    await writeFile(file, randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = (await readFile(file, 'utf8')).trim();
  if (secret.length < 32) throw new EnvError(`Invalid environment: ${file} must hold at least 32 characters`);
  return secret;
}

export async function loadEnv(
  source: Record<string, string | undefined> = process.env,
): Promise<ResolvedEnv> {
  const env = parseEnv(source);
  return { ...env, jwtSecret: await resolveJwtSecret(env) };
}
