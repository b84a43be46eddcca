/** Where process-level errors are written: pino's logger and console both fit. */
export interface ProcessLog {
  error(detail: unknown, message?: string): void;
}

/**
 * Keeps the process running when a promise is rejected and nothing handles it (a failed
 * write on a full disk in background work), which Node would otherwise end the process
 * for: the rejection is logged as an error through `log()`, the logger of the moment.
 */
export function logUnhandledRejections(log: () => ProcessLog): void {
  process.on('unhandledRejection', (reason) => {
    log().error(reason, 'unhandled promise rejection; the process keeps running');
  });
}
