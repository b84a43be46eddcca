/** What the page tells the service worker: "Update now", take over from the version running (workbox-window's own message). */
export const SKIP_WAITING = 'SKIP_WAITING';
