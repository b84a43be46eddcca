import pg from 'pg';

/** How long a lost listening connection waits before it is opened again. */
const RELISTEN_MS = 2000;
/** Channel names are the code's own constants; anything else is refused rather than quoted. */
const CHANNEL_NAME = /^[a-z_]+$/;

/** Hears one channel of the database's NOTIFY messages. */
export interface ChannelListener {
  message(payload: string): void;
  /** Messages may be missed from now on: the listening connection was lost. */
  lost?(): void;
  /** Listening again after a loss; what was sent meanwhile was not heard. */
  back?(): void;
}

export interface Subscription {
  /** Resolves once messages on the channel are heard. */
  ready: Promise<void>;
  stop(): Promise<void>;
}

interface NotificationLog {
  error(detail: unknown, message?: string): void;
}

/**
 * One LISTEN connection to a PostgreSQL database for every channel this process hears (the
 * job wake-ups of decision 025, the owner read cache's changes of decision 026). A lost
 * connection is told to every listener and opened again after RELISTEN_MS.
 */
export class PostgresNotifications {
  private readonly channels = new Map<string, Set<ChannelListener>>();
  private connection: { client: pg.Client; ready: Promise<void> } | undefined;
  private relisten: NodeJS.Timeout | undefined;

  constructor(
    private readonly connectionString: string,
    private readonly log: NotificationLog,
  ) {}

  listen(channel: string, listener: ChannelListener): Subscription {
    if (!CHANNEL_NAME.test(channel)) throw new Error(`not a channel name: ${channel}`);
    const listeners = this.channels.get(channel) ?? new Set();
    const isNew = listeners.size === 0;
    this.channels.set(channel, listeners.add(listener));
    const connection = this.connection;
    const ready =
      connection && isNew ? connection.ready.then(() => connection.client.query(`listen ${channel}`)).then(() => {}) : this.open();
    ready.catch(() => {}); // Told to the listeners as a loss; a caller awaiting `ready` hears it too.
    return {
      ready,
      stop: async () => {
        listeners.delete(listener);
        if (listeners.size > 0) return;
        this.channels.delete(channel);
        if (this.channels.size === 0) await this.close();
        else await this.connection?.client.query(`unlisten ${channel}`).catch(() => {});
      },
    };
  }

  private each(tell: (listener: ChannelListener) => void): void {
    for (const listeners of this.channels.values()) for (const listener of listeners) tell(listener);
  }

  private open(): Promise<void> {
    if (this.connection) return this.connection.ready;
    const client = new pg.Client({ connectionString: this.connectionString, application_name: 'saaga notifications' });
    const lost = (error?: Error) => {
      if (this.connection?.client !== client) return;
      this.connection = undefined;
      client.end().catch(() => {});
      if (error) this.log.error(error, 'database notifications: the listening connection was lost; opening it again');
      this.each((listener) => listener.lost?.());
      if (this.channels.size === 0) return;
      this.relisten = setTimeout(() => {
        this.relisten = undefined;
        if (this.channels.size === 0 || this.connection) return;
        this.open().then(
          () => this.each((listener) => listener.back?.()),
          () => {},
        );
      }, RELISTEN_MS);
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (message) => {
      for (const listener of this.channels.get(message.channel) ?? []) listener.message(message.payload ?? '');
    });
    const ready = (async () => {
      await client.connect();
      for (const channel of this.channels.keys()) await client.query(`listen ${channel}`);
    })().catch((error: unknown) => {
      lost(error as Error);
      throw error;
    });
    this.connection = { client, ready };
    return ready;
  }

  /** Ends the listening connection, whoever still listens (the database is being closed). */
  async close(): Promise<void> {
    clearTimeout(this.relisten);
    this.relisten = undefined;
    const connection = this.connection;
    this.connection = undefined;
    if (connection) await connection.client.end().catch(() => {});
  }
}
