/** One page of a newest-first list, and the way to the next. */
export interface Page<T> {
  readonly data: readonly T[];
  readonly hasMore: boolean;
  /** Pass as `cursor` to get the next page; null on the last page. */
  readonly nextCursor: string | null;
  /** The next page, or null when this is the last. */
  nextPage(): Promise<Page<T> | null>;
}

export type PageFetcher<T> = (
  cursor: string | undefined,
) => Promise<{ data: readonly T[]; has_more: boolean; next_cursor: string | null }>;

/**
 * A paginated list, fetched lazily: `for await (const plan of list)` walks every item across
 * pages; `pages()` walks pages; `firstPage()` fetches one. Nothing is requested until then, and
 * each walk starts again from the cursor the list was made with.
 */
export class PageList<T> implements AsyncIterable<T> {
  private readonly fetchPage: PageFetcher<T>;
  private readonly startCursor: string | undefined;

  constructor(fetchPage: PageFetcher<T>, startCursor?: string) {
    this.fetchPage = fetchPage;
    this.startCursor = startCursor;
  }

  async firstPage(): Promise<Page<T>> {
    return this.page(this.startCursor);
  }

  async *pages(): AsyncGenerator<Page<T>, void, undefined> {
    let page: Page<T> | null = await this.firstPage();
    while (page) {
      yield page;
      page = await page.nextPage();
    }
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<T, void, undefined> {
    for await (const page of this.pages()) yield* page.data;
  }

  /** Every item, up to `max` (default 10,000, so a forgotten filter cannot exhaust memory). */
  async toArray(max = 10_000): Promise<T[]> {
    const items: T[] = [];
    for await (const item of this) {
      if (items.length >= max) break;
      items.push(item);
    }
    return items;
  }

  private async page(cursor: string | undefined): Promise<Page<T>> {
    const body = await this.fetchPage(cursor);
    const next = body.has_more ? body.next_cursor : null;
    return {
      data: body.data,
      hasMore: next !== null,
      nextCursor: next,
      nextPage: () => (next === null ? Promise.resolve(null) : this.page(next)),
    };
  }
}
