import { isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
import type { AddressInfo } from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { HttpError } from './errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where this site is (for the start log and tests). */
    site: SiteOrigin;
  }
}

/**
 * Where this site is, decided once from the configuration and the address the server
 * listens on, never from a request's headers (a forged Host must not lead an e-mailed
 * link, a share URL or the Origin check anywhere else). Decision 027.
 */
export interface SiteOrigin {
  /** The origin every absolute link starts with (e-mails, share and Open Graph URLs, sign-in callbacks); throws when none is known. */
  forLinks(): string;
  /** Whether links can be built at all (false: a server on a public interface without PUBLIC_URL). */
  knowsLinks(): boolean;
  /** The origin for links where a page or a mail can do without one: null when none is known. */
  linksOrNull(): string | null;
  /**
   * Whether this request reached the site over https: PUBLIC_URL's scheme when it is set,
   * else the request's own protocol (which believes X-Forwarded-Proto only with TRUST_PROXY).
   * Decides Secure cookies and HSTS.
   */
  overHttps(request: Pick<FastifyRequest, 'protocol'>): boolean;
  /** Whether a browser's Origin header names this site. */
  isOwn(origin: string): boolean;
  /** One line for the start log: where links point, or why there are none. */
  describe(): string;
}

/** The answer where a link would be needed and the server does not know its own address. */
export const siteAddressUnknown = () =>
  new HttpError(503, 'site_address_unknown', 'This server does not know its public address: its operator must set PUBLIC_URL');

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

const isLoopback = (address: string) => address === '::1' || address === 'localhost' || /^127\./.test(address) || address === '::ffff:127.0.0.1';
const isWildcard = (address: string) => address === '0.0.0.0' || address === '::';
const hostPart = (address: string) => (isIP(address) === 6 ? `[${address}]` : address);

interface Decided {
  links: string | null;
  own: Set<string>;
  description: string;
}

/** The site's origin for a process that serves no HTTP (the worker): PUBLIC_URL's, else none. */
export function originWithoutServer(config: Pick<Config, 'publicUrl'>): string | null {
  return config.publicUrl ? new URL(config.publicUrl).origin : null;
}

/**
 * The site's origin: PUBLIC_URL; else, on a loopback address, `http://<host>:<port>` as it
 * was started (localhost, 127.0.0.1 and [::1] at that port all count as this site); else
 * none for links, and only this machine's own addresses at the port count for the Origin check.
 * `listening` gives the bound address: it is read on first use, once the server listens.
 */
export function siteOriginOf(config: Pick<Config, 'publicUrl' | 'host'>, listening: () => AddressInfo | string | null): SiteOrigin {
  let decided: Decided | undefined;

  const decide = (): Decided => {
    const origin = originWithoutServer(config);
    if (origin) {
      return { links: origin, own: new Set([origin]), description: `links and the allowed Origin are PUBLIC_URL, ${origin}` };
    }
    const address = listening();
    if (!address || typeof address === 'string') throw new Error('the site origin was asked for before the server listened');
    const port = address.port;
    const loopbackOrigins = LOOPBACK_NAMES.map((name) => `http://${name}:${port}`);
    if (isLoopback(address.address)) {
      const links = `http://${config.host === 'localhost' ? 'localhost' : hostPart(address.address)}:${port}`;
      return { links, own: new Set([links, ...loopbackOrigins]), description: `links point to ${links} (this machine only; set PUBLIC_URL to serve others)` };
    }
    const addresses = isWildcard(address.address)
      ? Object.values(networkInterfaces()).flatMap((list) => (list ?? []).map((item) => item.address))
      : [address.address];
    return {
      links: null,
      own: new Set([...loopbackOrigins, ...addresses.map((item) => `http://${hostPart(item)}:${port}`)]),
      description: `PUBLIC_URL is not set and the server listens on ${address.address}, not only on this machine: no e-mail with a link is sent (password reset, address verification) and sign-in providers and share links are off until PUBLIC_URL names the address people use`,
    };
  };
  const site = () => (decided ??= decide());

  return {
    forLinks() {
      const { links } = site();
      if (!links) throw siteAddressUnknown();
      return links;
    },
    knowsLinks: () => site().links !== null,
    linksOrNull: () => site().links,
    // PUBLIC_URL was checked to start with http:// or https:// (config.ts).
    overHttps: (request) => (config.publicUrl ? config.publicUrl.startsWith('https://') : request.protocol === 'https'),
    isOwn: (origin) => site().own.has(origin),
    describe: () => site().description,
  };
}
