import { buildClient } from './built-client.ts';

/** Builds the client once before the browser tests. */
export default function setup() {
  buildClient();
}
