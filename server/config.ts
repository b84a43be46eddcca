import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';
import { z } from 'zod';

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const optionalUrl = (protocols: RegExp, hint: string) =>
  optionalText.refine((value) => value === undefined || (URL.canParse(value) && protocols.test(value)), {
    message: `must be a URL (${hint})`,
  });

/** Every setting Saaga reads from the environment, with defaults (README lists them all). */
const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    // Unset: every interface with PUBLIC_URL, this machine only without it (see loadConfig).
    HOST: optionalText,
    DATA_DIR: z.string().trim().min(1).default('./data'),
    DATABASE_URL: optionalUrl(/^postgres(ql)?:\/\//, 'postgres://user:password@host:5432/db'),
    PUBLIC_URL: optionalUrl(/^https?:\/\//, 'https://saaga.example.com'),
    SESSION_SECRET: optionalText.refine((v) => v === undefined || v.length >= 32, {
      message: 'must be at least 32 characters',
    }),
    SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    GOOGLE_CLIENT_ID: optionalText,
    GOOGLE_CLIENT_SECRET: optionalText,
    OIDC_ISSUER: optionalUrl(/^https?:\/\//, 'the provider issuer URL'),
    OIDC_CLIENT_ID: optionalText,
    OIDC_CLIENT_SECRET: optionalText,
    OIDC_NAME: z.string().trim().min(1).default('OpenID Connect'),
    OPENAI_API_KEY: optionalText,
    OPENAI_BASE_URL: optionalUrl(/^https?:\/\//, 'http://localhost:11434/v1'),
    MODELS_DIR: optionalText,
    AI_THREADS: z.coerce.number().int().min(1).max(256).optional(),
    S3_BUCKET: optionalText,
    S3_REGION: optionalText,
    S3_ENDPOINT: optionalUrl(/^https?:\/\//, 'https://s3.example.com'),
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    SMTP_URL: optionalUrl(/^smtps?:\/\//, 'smtp://user:password@host:587'),
    MAIL_FROM: optionalText,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
    LOGIN_ACCOUNT_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
    LOGIN_ACCOUNT_WINDOW_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(15),
    PUBLIC_RATE_LIMIT: z.coerce.number().int().min(1).default(120),
    CONTRIBUTION_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
    LIVE_STREAMS_PER_ACCOUNT: z.coerce.number().int().min(1).default(2),
    LIVE_STREAMS_PER_SERVER: z.coerce.number().int().min(1).default(20),
    UPLOADS_PER_HOUR: z.coerce.number().int().min(1).default(60),
    ACCOUNT_AUDIO_MB: z.coerce.number().positive().default(20 * 1024),
    LINK_UPLOADS_PER_HOUR: z.coerce.number().int().min(1).default(20),
    LINK_AUDIO_MB: z.coerce.number().positive().default(2 * 1024),
    PHOTO_UPLOADS_PER_HOUR: z.coerce.number().int().min(1).default(120),
    ACCOUNT_PHOTO_MB: z.coerce.number().positive().default(10 * 1024),
    LINK_PHOTO_MB: z.coerce.number().positive().default(1024),
    TEST_EMAILS_PER_HOUR: z.coerce.number().int().min(1).default(3),
    FAMILY_INVITATIONS_PER_HOUR: z.coerce.number().int().min(1).default(20),
    FAMILY_EMAILS_PER_HOUR: z.coerce.number().int().min(1).default(100),
    SESSION_CACHE_SECONDS: z.coerce.number().min(0).max(60).default(5),
    SESSION_CACHE_ENTRIES: z.coerce.number().int().min(1).default(10_000),
    READ_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(32),
    WORKER: z.enum(['inline', 'off']).default('inline'),
    TRUST_PROXY: z.enum(['true', 'false']).default('false'),
    SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(1).max(300).default(8),
  })
  .superRefine((env, ctx) => {
    const pairs = [
      ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
      ['OIDC_CLIENT_ID', 'OIDC_ISSUER'],
    ] as const;
    for (const [a, b] of pairs) {
      if (Boolean(env[a]) !== Boolean(env[b])) {
        const missing = env[a] ? b : a;
        ctx.addIssue({ code: 'custom', path: [missing], message: `is required when ${env[a] ? a : b} is set` });
      }
    }
  });

export type Env = z.infer<typeof envSchema>;

export interface OidcProviderConfig {
  id: 'google' | 'oidc';
  name: string;
  issuer: string;
  clientId: string;
  clientSecret?: string;
}

/** The resolved configuration the server runs with. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  publicUrl?: string;
  sessionSecret: string;
  sessionDays: number;
  providers: OidcProviderConfig[];
  openai: { apiKey?: string; baseUrl?: string };
  modelsDir: string;
  aiThreads: number;
  s3?: { bucket: string; region?: string; endpoint?: string; accessKeyId?: string; secretAccessKey?: string };
  smtpUrl?: string;
  mailFrom: string;
  logLevel: Env['LOG_LEVEL'];
  loginRateLimit: number;
  /** Sign-in attempts one account (e-mail address) may take per window, from any address. */
  accountLoginLimit: { max: number; windowMs: number };
  /** Requests a minute one address may make to the public story page and co-author link reads. */
  publicRateLimit: number;
  /** Contributions (uploads and deletions) a minute one address may make through co-author links. */
  contributionRateLimit: number;
  /** Live streams (WebSocket or test page) open at once: per account on each server, and on each server in all. */
  liveStreams: { perAccount: number; perServer: number };
  /**
   * Upload quotas, counted in the database: recordings an hour and stored audio bytes per
   * account, and the same for each co-author link (whose uploads count for the owner too).
   */
  uploadLimits: { perHour: number; accountBytes: number; linkPerHour: number; linkBytes: number };
  /** Photo uploads (requests) one account may send an hour, and the bytes its photos may take in all (originals and copies). */
  /** Photo uploads an hour per account; bytes an account's photos may take, and the photos added through one co-author link. */
  photoLimits: { perHour: number; accountBytes: number; linkBytes: number };
  /** Test welcome e-mails one account may send itself in an hour. */
  testEmailsPerHour: number;
  /** Family invitations (each may send an e-mail) and new invitation links one account may make in an hour. */
  familyInvitationsPerHour: number;
  /** Family circle e-mails one storyteller's account may send an hour (weekly question, new-story notices and digests). */
  familyEmailsPerHour: number;
  /** How long (ms) and how many sessions each server remembers without asking the database. */
  sessionCache: { ttlMs: number; maxEntries: number };
  /** Bytes of people's library reads each server keeps until their rows change (0: none; decision 026). */
  readCacheBytes: number;
  runWorkerInline: boolean;
  /** Believe X-Forwarded-* headers (only behind a reverse proxy that sets them). */
  trustProxy: boolean;
  /** How long a shutdown (SIGTERM, SIGINT) may take before the process exits with work cut off. */
  shutdownGraceMs: number;
}

export class ConfigError extends Error {}

/** Reads and validates settings; a bad value throws a ConfigError naming it. */
export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(environment);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  const providers: OidcProviderConfig[] = [];
  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) {
    providers.push({
      id: 'google',
      name: 'Google',
      issuer: 'https://accounts.google.com',
      clientId: env.GOOGLE_CLIENT_ID,
      clientSecret: env.GOOGLE_CLIENT_SECRET,
    });
  }
  if (env.OIDC_ISSUER && env.OIDC_CLIENT_ID) {
    providers.push({
      id: 'oidc',
      name: env.OIDC_NAME,
      issuer: env.OIDC_ISSUER,
      clientId: env.OIDC_CLIENT_ID,
      clientSecret: env.OIDC_CLIENT_SECRET,
    });
  }
  return {
    port: env.PORT,
    // Without PUBLIC_URL the site knows no address but this machine's, so it listens only there (decision 027).
    host: env.HOST ?? (env.PUBLIC_URL ? '0.0.0.0' : 'localhost'),
    dataDir,
    databaseUrl: env.DATABASE_URL,
    publicUrl: env.PUBLIC_URL?.replace(/\/+$/, ''),
    sessionSecret: env.SESSION_SECRET ?? readOrCreateSecret(dataDir),
    sessionDays: env.SESSION_DAYS,
    providers,
    openai: { apiKey: env.OPENAI_API_KEY, baseUrl: env.OPENAI_BASE_URL },
    modelsDir: path.resolve(env.MODELS_DIR ?? path.join(dataDir, 'models')),
    aiThreads: env.AI_THREADS ?? Math.max(1, cpus().length),
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          endpoint: env.S3_ENDPOINT,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
        }
      : undefined,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM ?? 'Saaga <no-reply@localhost>',
    logLevel: env.LOG_LEVEL,
    loginRateLimit: env.LOGIN_RATE_LIMIT,
    accountLoginLimit: { max: env.LOGIN_ACCOUNT_RATE_LIMIT, windowMs: env.LOGIN_ACCOUNT_WINDOW_MINUTES * 60_000 },
    publicRateLimit: env.PUBLIC_RATE_LIMIT,
    contributionRateLimit: env.CONTRIBUTION_RATE_LIMIT,
    liveStreams: { perAccount: env.LIVE_STREAMS_PER_ACCOUNT, perServer: env.LIVE_STREAMS_PER_SERVER },
    uploadLimits: {
      perHour: env.UPLOADS_PER_HOUR,
      accountBytes: Math.round(env.ACCOUNT_AUDIO_MB * 1024 * 1024),
      linkPerHour: env.LINK_UPLOADS_PER_HOUR,
      linkBytes: Math.round(env.LINK_AUDIO_MB * 1024 * 1024),
    },
    photoLimits: {
      perHour: env.PHOTO_UPLOADS_PER_HOUR,
      accountBytes: Math.round(env.ACCOUNT_PHOTO_MB * 1024 * 1024),
      linkBytes: Math.round(env.LINK_PHOTO_MB * 1024 * 1024),
    },
    testEmailsPerHour: env.TEST_EMAILS_PER_HOUR,
    familyInvitationsPerHour: env.FAMILY_INVITATIONS_PER_HOUR,
    familyEmailsPerHour: env.FAMILY_EMAILS_PER_HOUR,
    sessionCache: { ttlMs: Math.round(env.SESSION_CACHE_SECONDS * 1000), maxEntries: env.SESSION_CACHE_ENTRIES },
    readCacheBytes: env.READ_CACHE_MB * 1024 * 1024,
    runWorkerInline: env.WORKER === 'inline',
    trustProxy: env.TRUST_PROXY === 'true',
    shutdownGraceMs: Math.round(env.SHUTDOWN_GRACE_SECONDS * 1000),
  };
}

/** A secret kept in DATA_DIR so sessions survive restarts without any setup. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
