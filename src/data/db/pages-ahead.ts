import type { PullResponse, SyncCheckpoint } from '@shared';

/** A pull answer; a first page also says how many documents there are (the progress badge). */
export type PageBody = PullResponse & { total?: number; remaining?: number };

/**
 * Pages fetched one after another, ahead of the caller: `take()` waits for at least one page
 * and returns every page that has arrived (empty when the last page was taken or a fetch failed;
 * `rethrow()` then tells). At most `maxAhead` documents wait in memory.
 */
export class PagesAhead {
  private readonly queue: PageBody[] = [];
  private finished = false;
  private failure: unknown = null;
  private wake: (() => void) | null = null;
  private room: (() => void) | null = null;

  constructor(
    fetchPage: (cp: SyncCheckpoint | undefined) => Promise<PageBody>,
    from: SyncCheckpoint | undefined,
    pageSize: number,
    private readonly maxAhead: number,
  ) {
    void (async () => {
      let cp = from;
      try {
        for (;;) {
          while (this.waiting() >= this.maxAhead) await new Promise<void>((r) => (this.room = r));
          const page = await fetchPage(cp);
          this.queue.push(page);
          this.signal();
          if (page.documents.length < pageSize || !page.checkpoint) break;
          cp = page.checkpoint;
        }
      } catch (e) {
        this.failure = e;
      } finally {
        this.finished = true;
        this.signal();
      }
    })();
  }

  private waiting(): number {
    return this.queue.reduce((n, p) => n + p.documents.length, 0);
  }

  private signal(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }

  async take(): Promise<PageBody[]> {
    while (this.queue.length === 0 && !this.finished) await new Promise<void>((r) => (this.wake = r));
    const pages = this.queue.splice(0);
    const room = this.room;
    this.room = null;
    room?.();
    return pages;
  }

  rethrow(): void {
    if (this.failure) throw this.failure;
  }
}
