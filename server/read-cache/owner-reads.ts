import { LRUCache } from 'lru-cache';

/** One kept answer: the JSON body and the Link header of a page. */
export interface KeptRead {
  body: string;
  link: string | undefined;
}

/** Taken when a read starts: its answer is kept only if nothing of the person's changed meanwhile. */
export type ReadTicket = number;

export interface OwnerReadsOptions {
  /** Bytes of kept bodies, across everyone. */
  maxBytes: number;
  /** A kept answer older than this is read again, should a change ever go unheard. */
  maxAgeMs: number;
}

/** How many people's last change is remembered before older tickets are all refused instead. */
const REMEMBERED_CHANGES = 10_000;

/**
 * Recent answers to a person's own reads (their library's pages, counts, timeline, a story),
 * kept in memory and dropped the moment any of their rows changes (decision 026). A read that
 * started before a change is not kept, so a slow read never brings back what a change replaced;
 * while changes cannot be heard, nothing is served or kept.
 */
export class OwnerReads {
  private readonly kept: LRUCache<string, Map<string, KeptRead>>;
  /** Counts changes; a ticket is the count when its read started. */
  private clock = 0;
  private readonly lastChange = new Map<string, number>();
  /** Tickets before this are refused (the changes before it were forgotten, or went unheard). */
  private floor = 0;
  private hearing = false;

  constructor(options: OwnerReadsOptions) {
    this.kept = new LRUCache({
      maxSize: options.maxBytes,
      sizeCalculation: (reads) => Math.max(1, [...reads].reduce((bytes, [url, read]) => bytes + url.length + read.body.length, 0)),
      ttl: options.maxAgeMs,
    });
  }

  /** A kept answer of `userId` to `url`, if any. */
  get(userId: string, url: string): KeptRead | undefined {
    return this.hearing ? this.kept.get(userId)?.get(url) : undefined;
  }

  ticket(): ReadTicket {
    return this.clock;
  }

  /** Keeps `read` unless something of the person's changed since `ticket`. */
  keep(ticket: ReadTicket, userId: string, url: string, read: KeptRead): void {
    if (!this.hearing || ticket < this.floor || (this.lastChange.get(userId) ?? -1) > ticket) return;
    const reads = this.kept.get(userId) ?? new Map<string, KeptRead>();
    reads.set(url, read);
    // Set again so that the cache weighs the person's reads anew.
    this.kept.set(userId, reads);
  }

  /** Something of the person's changed: their kept answers go, and reads under way are not kept. */
  changed(userId: string): void {
    this.kept.delete(userId);
    this.clock += 1;
    if (this.lastChange.size >= REMEMBERED_CHANGES) {
      this.lastChange.clear();
      this.floor = this.clock;
    }
    this.lastChange.set(userId, this.clock);
  }

  /** Changes are heard from now on. */
  heard(): void {
    this.forgetAll();
    this.hearing = true;
  }

  /** Changes may go unheard: everything kept goes, and nothing is kept until they are heard again. */
  lost(): void {
    this.hearing = false;
    this.forgetAll();
  }

  size(): { people: number; bytes: number } {
    return { people: this.kept.size, bytes: this.kept.calculatedSize };
  }

  private forgetAll(): void {
    this.kept.clear();
    this.clock += 1;
    this.floor = this.clock;
    this.lastChange.clear();
  }
}
