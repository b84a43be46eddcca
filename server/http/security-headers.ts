import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { SiteOrigin } from './site-origin.ts';

const SELF = "'self'";
const NONE = "'none'";

/**
 * What the built client may load: its own scripts, styles, fonts and images, its own API,
 * audio from the server or a just-recorded blob, its own service worker and manifest. No inline script, no plugins, and no
 * page of any site (this one included) may frame it.
 */
function contentSecurityPolicy(https: boolean): HelmetOptions['contentSecurityPolicy'] {
  return {
    useDefaults: false,
    directives: {
      defaultSrc: [SELF],
      scriptSrc: [SELF],
      scriptSrcAttr: [NONE],
      // Radix dialogs lock scrolling with a <style> element they add at run time (react-remove-scroll);
      // inline styles cannot run code, inline scripts stay refused. See docs/decisions/007.
      styleSrc: [SELF, "'unsafe-inline'"],
      imgSrc: [SELF],
      fontSrc: [SELF],
      mediaSrc: [SELF, 'blob:'],
      connectSrc: [SELF],
      // The service worker (client/src/serviceWorker/sw.ts) and the web app manifest, both the site's own (decision 042).
      workerSrc: [SELF],
      manifestSrc: [SELF],
      objectSrc: [NONE],
      baseUri: [NONE],
      formAction: [SELF],
      frameAncestors: [NONE],
      // Only behind https: on plain http it would send the page's own requests to a port that is not there.
      upgradeInsecureRequests: https ? [] : null,
    },
  };
}

function headers(https: boolean): HelmetOptions {
  return {
    contentSecurityPolicy: contentSecurityPolicy(https),
    xFrameOptions: { action: 'deny' },
    // Co-author and published links carry their token in the path: never hand it to another site.
    referrerPolicy: { policy: 'no-referrer' },
    // HSTS over plain http is ignored by browsers and would pin a name that has no https.
    strictTransportSecurity: https ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true } : false,
  };
}

/**
 * Security headers on every response, errors included: a CSP that fits the built client,
 * no framing, nosniff, no Referer, and HSTS when the app is reached over https (the site's
 * rule: PUBLIC_URL's scheme, else the request's protocol).
 */
export function registerSecurityHeaders(app: FastifyInstance, site: Pick<SiteOrigin, 'overHttps'>): void {
  // Helmet's middleware made once, not for every request as @fastify/helmet does (4% of a busy server's time).
  const overHttp = helmet(headers(false));
  const overHttps = helmet(headers(true));
  app.addHook('onRequest', (request, reply, done) => {
    (site.overHttps(request) ? overHttps : overHttp)(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });
}
