import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'saaga-config-'));

describe('loadConfig', () => {
  it('runs on the embedded defaults with nothing set', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.providers).toEqual([]);
    expect(config.modelsDir).toBe(path.join(dir, 'models'));
    // The generated session secret is kept, so sessions survive a restart.
    expect(config.sessionSecret).toBe(readFileSync(path.join(dir, 'session-secret'), 'utf8'));
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(config.sessionSecret);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://localhost/db' }, 'DATABASE_URL'],
    [{ PUBLIC_URL: 'saaga.example.com' }, 'PUBLIC_URL'],
    [{ SESSION_SECRET: 'short' }, 'SESSION_SECRET'],
    [{ GOOGLE_CLIENT_ID: 'id-only' }, 'GOOGLE_CLIENT_SECRET'],
    [{ OIDC_CLIENT_ID: 'client' }, 'OIDC_ISSUER'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
  ])('refuses %o, naming %s', (env, name) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(new RegExp(`\\b${name}\\b`));
  });

  it('listens on this machine only unless PUBLIC_URL names the address people use (decision 027)', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).host).toBe('localhost');
    expect(loadConfig({ DATA_DIR: dir, PUBLIC_URL: 'https://saaga.example.com' }).host).toBe('0.0.0.0');
    expect(loadConfig({ DATA_DIR: dir, HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ DATA_DIR: dir }).testEmailsPerHour).toBe(3);
    expect(loadConfig({ DATA_DIR: dir, TEST_EMAILS_PER_HOUR: '5' }).testEmailsPerHour).toBe(5);
  });

  it('turns on each sign-in provider by its settings', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      GOOGLE_CLIENT_ID: 'g',
      GOOGLE_CLIENT_SECRET: 'gs',
      OIDC_ISSUER: 'https://id.example.com',
      OIDC_CLIENT_ID: 'o',
    });
    expect(config.providers.map((p) => [p.id, p.issuer])).toEqual([
      ['google', 'https://accounts.google.com'],
      ['oidc', 'https://id.example.com'],
    ]);
  });

  it('treats empty values as unset', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: '', OPENAI_API_KEY: ' ' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.openai.apiKey).toBeUndefined();
  });

  it('limits live streams and uploads for one family by default, each settable (MB may be a fraction)', () => {
    const defaults = loadConfig({ DATA_DIR: dataDir() });
    expect(defaults.liveStreams).toEqual({ perAccount: 2, perServer: 20 });
    expect(defaults.uploadLimits).toEqual({ perHour: 60, accountBytes: 20 * 1024 ** 3, linkPerHour: 20, linkBytes: 2 * 1024 ** 3 });
    const set = loadConfig({ DATA_DIR: dataDir(), LIVE_STREAMS_PER_ACCOUNT: '1', UPLOADS_PER_HOUR: '5', ACCOUNT_AUDIO_MB: '0.5', LINK_AUDIO_MB: '1' });
    expect(set.liveStreams.perAccount).toBe(1);
    expect(set.uploadLimits).toMatchObject({ perHour: 5, accountBytes: 512 * 1024, linkBytes: 1024 * 1024 });
    expect(() => loadConfig({ DATA_DIR: dataDir(), LIVE_STREAMS_PER_SERVER: '0' })).toThrow(/LIVE_STREAMS_PER_SERVER/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ACCOUNT_AUDIO_MB: '-1' })).toThrow(/ACCOUNT_AUDIO_MB/);
  });
});
