/**
 * How long a browser test waits for what a click, a round trip or background work brings about.
 * Every `expect.poll` names it: Vitest's own default gives up after 1 s, too soon for a page on a
 * loaded 2-core CI machine.
 */
export const WAIT = { timeout: 15_000 };
