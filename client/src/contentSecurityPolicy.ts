import { z } from 'zod';

// The server's Content-Security-Policy refuses eval. zod probes for it (new Function) when
// its first object schema is built, and the browser reports the refused probe as a policy
// violation even though zod catches it. Without the probe zod parses a little slower and
// reports nothing. main.tsx imports this module first, before any schema is built.
z.config({ jitless: true });
