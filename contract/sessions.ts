import { z } from 'zod';

/**
 * One signed-in device as Settings lists it (GET /api/auth/sessions). The device is read
 * from the browser's User-Agent at sign-in: its browser and system by name, either null
 * when not recognised (the client words "Chrome on Android" in the person's language).
 */
export const signedInDeviceSchema = z.object({
  id: z.number(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  signedInAt: z.string(),
  /** Updated at most every few minutes: "last used" is to the nearest few minutes. */
  lastUsedAt: z.string(),
  /** The device asking. */
  current: z.boolean(),
});
export type SignedInDevice = z.infer<typeof signedInDeviceSchema>;
