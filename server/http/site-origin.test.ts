import { describe, expect, it } from 'vitest';
import { serverLinesMatching } from '../../test/support/server-sources.ts';
import { siteOriginOf } from './site-origin.ts';

const onLoopback = { address: '127.0.0.1', family: 'IPv4', port: 5123 };
const onEveryInterface = { address: '0.0.0.0', family: 'IPv4', port: 5123 };

describe('the site origin', () => {
  it('gives links, or null where none is known', () => {
    expect(siteOriginOf({ publicUrl: 'https://saaga.example.com', host: '0.0.0.0' }, () => null).linksOrNull()).toBe('https://saaga.example.com');
    expect(siteOriginOf({ publicUrl: undefined, host: 'localhost' }, () => onLoopback).linksOrNull()).toBe('http://localhost:5123');
    expect(siteOriginOf({ publicUrl: undefined, host: '0.0.0.0' }, () => onEveryInterface).linksOrNull()).toBeNull();
  });

  it('is over https by PUBLIC_URL’s scheme when it is set, else by the request', () => {
    const https = siteOriginOf({ publicUrl: 'https://saaga.example.com', host: '0.0.0.0' }, () => null);
    const http = siteOriginOf({ publicUrl: 'http://saaga.lan:5000', host: '0.0.0.0' }, () => null);
    const unset = siteOriginOf({ publicUrl: undefined, host: 'localhost' }, () => onLoopback);
    expect([https.overHttps({ protocol: 'http' }), https.overHttps({ protocol: 'https' })]).toEqual([true, true]);
    expect([http.overHttps({ protocol: 'http' }), http.overHttps({ protocol: 'https' })]).toEqual([false, false]);
    expect([unset.overHttps({ protocol: 'http' }), unset.overHttps({ protocol: 'https' })]).toEqual([false, true]);
  });
});

// Left for the coordinator: a folder another helper was moving (use `site.linksOrNull()`).
const PENDING: string[] = [];

describe('one place decides where the site is (site-origin.ts)', () => {
  it('no other server file reads PUBLIC_URL or asks whether it is https', () => {
    expect(
      serverLinesMatching(/\b(config|options|deps)\.publicUrl\b|publicUrl\??\.startsWith|startsWith\(['"]https/, {
        except: ['server/http/site-origin.ts', 'server/config.ts'],
      }),
    ).toEqual([]);
  });

  it('no other server file falls back from links by hand', () => {
    expect(serverLinesMatching(/knowsLinks\(\)\s*\?/, { except: PENDING })).toEqual([]);
  });
});
