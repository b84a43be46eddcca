import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { readEarly, readEarlyFor } from './earlyReads.ts';
import { fetchListPage, listUrl, loadedItems, withoutItems, type ListPage } from './pagination.ts';
import { ApiRequestError } from './request.ts';

afterEach(() => vi.unstubAllGlobals());

const rows = z.array(z.object({ id: z.number() }));

function stubFetch(response: Response) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('fetchListPage', () => {
  it('reads the rows and the next page from the Link header, with cookies', async () => {
    const next = '/api/stories?filter=unassigned&limit=50&cursor=eyJ0IjoiMjAyNCJ9';
    const fetchMock = stubFetch(Response.json([{ id: 3 }, { id: 2 }], { headers: { Link: `<${next}>; rel="next"` } }));
    await expect(fetchListPage('/api/stories?filter=unassigned', rows)).resolves.toEqual({ items: [{ id: 3 }, { id: 2 }], next });
    expect(fetchMock.mock.calls[0][0]).toBe('/api/stories?filter=unassigned');
    expect(fetchMock.mock.calls[0][1]).toMatchObject({ credentials: 'include' });
  });

  it('takes a response without a Link header as the last page (an unpaged server: all on one page)', async () => {
    stubFetch(Response.json([{ id: 1 }]));
    await expect(fetchListPage('/api/timeline', rows)).resolves.toEqual({ items: [{ id: 1 }], next: null });
  });

  it('finds rel="next" among other links', async () => {
    stubFetch(Response.json([], { headers: { Link: '</api/recordings?cursor=a>; rel="prev", </api/recordings?cursor=b>; rel="next"' } }));
    expect((await fetchListPage('/api/recordings', rows)).next).toBe('/api/recordings?cursor=b');
  });

  it('raises the spec error for a failed page, and rejects a body that is not the list', async () => {
    stubFetch(new Response('{"message":"Invalid cursor","code":"invalid_request"}', { status: 400, statusText: 'Bad Request' }));
    const error = await fetchListPage('/api/stories?cursor=x', rows).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 400, code: 'invalid_request' });
    stubFetch(Response.json({ stories: [] }));
    await expect(fetchListPage('/api/stories', rows)).rejects.toThrow();
  });
});

describe('an early read', () => {
  it('is taken once by the page that reads the same address', async () => {
    const fetchMock = stubFetch(Response.json([{ id: 7 }]));
    readEarlyFor('/library', '?filter=unassigned');
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/stories?filter=unassigned', '/api/stories/counts']);
    await expect(fetchListPage('/api/stories?filter=unassigned', rows)).resolves.toEqual({ items: [{ id: 7 }], next: null });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('is read again when it was refused (a sign-in came in between)', async () => {
    const answers = [new Response('Unauthorized', { status: 401 }), Response.json([{ id: 8 }])];
    const fetchMock = vi.fn(async () => answers.shift()!);
    vi.stubGlobal('fetch', fetchMock);
    readEarly('/api/stories?filter=all');
    await expect(fetchListPage('/api/stories?filter=all', rows)).resolves.toEqual({ items: [{ id: 8 }], next: null });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('is started only for the library, and not for its search', () => {
    const fetchMock = stubFetch(Response.json([]));
    readEarlyFor('/timeline', '');
    readEarlyFor('/library', '?q=lake');
    readEarlyFor('/library/12', '');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('listUrl', () => {
  it('adds the parameters given, leaving out undefined ones', () => {
    expect(listUrl('/api/stories', { filter: 'all', language: 'fi', cursor: undefined })).toBe('/api/stories?filter=all&language=fi');
    expect(listUrl('/api/timeline')).toBe('/api/timeline');
  });
});

const pages = (...ids: number[][]) => ({ pages: ids.map((page): ListPage<{ id: number }> => ({ items: page.map((id) => ({ id })), next: null })), pageParams: [] });

describe('loadedItems', () => {
  it('joins the pages in order, each row once', () => {
    expect(loadedItems(pages([5, 4, 3], [3, 2], [1])).map((row) => row.id)).toEqual([5, 4, 3, 2, 1]);
    expect(loadedItems(undefined)).toEqual([]);
  });
});

describe('withoutItems', () => {
  it('drops rows from cached pages and leaves other data alone', () => {
    const data = pages([3, 2], [1]);
    expect(loadedItems(withoutItems<{ id: number }>(data, (row) => row.id === 2) as typeof data).map((row) => row.id)).toEqual([3, 1]);
    expect(loadedItems(data).map((row) => row.id)).toEqual([3, 2, 1]);
    expect(withoutItems([{ id: 1 }], () => true)).toEqual([{ id: 1 }]);
    expect(withoutItems(undefined, () => true)).toBeUndefined();
  });
});
