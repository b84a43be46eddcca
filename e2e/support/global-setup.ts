import { buildClient, builtClientUpToDate } from './built-client.ts';

/**
 * Builds the client once before the browser tests, unless the build there is newer than its
 * sources: a second run reuses it, and never empties the folder under a run still using it.
 */
export default function setup() {
  if (!builtClientUpToDate()) buildClient();
}
