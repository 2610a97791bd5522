// The recipes the READMEs give for two common API shapes, over a real server:
// a list wrapped in an envelope ({ results, nextPage }) paginated with getPage, and
// a list of summaries whose detail read needs more fields than the list stored.
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { json, startServer } from '@resto/testing';
import { Collection, createClient, Entity, getPageInfo, PaginationObserver, resource } from '../../src';

let server: Awaited<ReturnType<typeof startServer>>;
const issues = [1, 2, 3, 4].map((id) => ({ id, title: `issue ${id}` }));

beforeAll(async () => {
  server = await startServer({
    // Pages of two, in an envelope that says which page is next (null on the last).
    'GET /issues': (hit, res) => {
      const page = Number(new URL(hit.url, server.url).searchParams.get('page') ?? 1);
      json(res, { results: issues.slice((page - 1) * 2, page * 2), nextPage: page < 2 ? page + 1 : null });
    },
    // The list answers summaries; the detail has the body too.
    'GET /notes': (_hit, res) => json(res, [{ id: 1, title: 'a' }]),
    'GET /notes/1': (_hit, res) => json(res, { id: 1, title: 'a', body: 'all of it' }),
  });
});
afterAll(() => server.close());

describe('an envelope list with resource() and getPage', () => {
  class Issue extends Entity {
    id = 0;
    title = '';
    static override key = 'Issue';
  }

  it('stores the envelope, reads the next page from it, and appends page 2 to results', async () => {
    const IssueResource = resource({ urlPrefix: server.url, path: '/issues/:id', schema: Issue, paginationField: 'page' }).extend('getList', {
      schema: { results: new Collection([Issue]), nextPage: null as number | null },
      nextPage: (page: { nextPage: number | null }) => page.nextPage,
    });
    const client = createClient();
    const first = await client.controller.fetch(IssueResource.getList);
    expectTypeOf(first).toEqualTypeOf<{ results: Issue[]; nextPage: number | null }>();
    expect(first.results.map((i) => i.id)).toEqual([1, 2]);
    expect(getPageInfo(IssueResource.getList, client.getSnapshot())).toEqual({ next: 2, hasMore: true });

    const pages = new PaginationObserver(client, IssueResource.getList, []);
    await pages.loadMore();
    expect(server.hits.map((h) => h.url)).toEqual(['/issues', '/issues?page=2']);
    const list = client.controller.getResponse(IssueResource.getList, client.getSnapshot()).data;
    expect(list?.results.map((i) => i.title)).toEqual(['issue 1', 'issue 2', 'issue 3', 'issue 4']);
    expect(pages.getSnapshot().hasMore).toBe(false);
    client.destroy();
  });
});

describe('a detail read after a list of summaries', () => {
  class Note extends Entity {
    id = 0;
    title = '';
    static override key = 'Note';
  }
  // The same table ('Note'), but an entry without `body` is not a NoteDetail yet.
  class NoteDetail extends Note {
    body = '';
    static override validate(stored: object) {
      return 'body' in stored ? undefined : 'a summary, not the detail';
    }
  }

  it('a detail of the list\'s entity is read from the store: no request', async () => {
    const NoteResource = resource({ urlPrefix: server.url, path: '/notes/:id', schema: Note });
    const client = createClient();
    await client.controller.fetch(NoteResource.getList);
    const before = server.hits.length;
    const detail = client.observe(NoteResource.get, { id: 1 });
    const stop = detail.subscribe(() => {});
    expect(detail.getSnapshot().data?.title).toBe('a');
    expect(detail.getSnapshot().loading).toBe(false);
    expect(server.hits.length).toBe(before);
    stop();
    client.destroy();
  });

  it('a detail schema that validates its fields fetches when the list stored only a summary', async () => {
    const NoteResource = resource({ urlPrefix: server.url, path: '/notes/:id', schema: Note }).extend({ get: { schema: NoteDetail } });
    const client = createClient();
    await client.controller.fetch(NoteResource.getList);
    expect(client.controller.getResponse(NoteResource.get, { id: 1 }, client.getSnapshot()).data).toBeUndefined();
    const note = await client.controller.fetch(NoteResource.get, { id: 1 });
    expect(note.body).toBe('all of it');
    expect(server.hits.at(-1)?.url).toBe('/notes/1');
    // The list reads the same entity, fields and all.
    expect(client.controller.getResponse(NoteResource.getList, client.getSnapshot()).data?.[0]).toMatchObject({ title: 'a' });
    client.destroy();
  });
});
