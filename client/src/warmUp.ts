/**
 * The app's page runs this while its scripts are still on their way and the main thread has
 * nothing to do (server/http/page-preloads.ts names it, `async`, in the page). The first
 * date formatter a page makes costs about 55 ms on a slow phone, the engine loading its
 * locale and time zone data, and the library's first rows each show a date: made here, that
 * time is off the first paint. No imports, so it runs as soon as it arrives.
 */
setTimeout(() => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(0), 0);
