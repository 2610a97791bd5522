import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Collection, Entity, Union, Values } from '../../src/schema';
import { MemoCache, denormalize, normalize } from '../../src/normalize';

class Author extends Entity {
  id = 0;
  name = '';
  tags: string[] = [];
  static override key = 'PAuthor';
}
class Comment extends Entity {
  id = '';
  body = '';
  author: Author | null = null;
  static override key = 'PComment';
  static override schema = { author: Author };
}
class Article extends Entity {
  id = 0;
  title = '';
  extra: unknown = null;
  author: Author | null = null;
  comments: Comment[] = [];
  static override key = 'PArticle';
  static override schema = { author: Author, comments: [Comment] };
}
class Video extends Entity {
  id = 0;
  kind = 'video';
  static override key = 'PVideo';
}
const Item = new Union({ article: Article, video: Video }, 'kind');
const response = {
  items: [Item],
  byAuthor: new Values(Author),
  feed: new Collection([Article], { key: 'PFeed' }),
};

/** Random responses where one id always means the same data (as a real API gives). */
const responses = fc
  .record({
    authors: fc.uniqueArray(
      fc.record({ id: fc.nat(1000), name: fc.string(), tags: fc.array(fc.string(), { maxLength: 3 }) }),
      { selector: (a) => a.id, minLength: 1, maxLength: 6 },
    ),
    comments: fc.uniqueArray(fc.record({ id: fc.uuid(), body: fc.string(), a: fc.nat() }), {
      selector: (c) => c.id,
      maxLength: 8,
    }),
    articles: fc.uniqueArray(
      fc.record({
        id: fc.nat(1000),
        title: fc.string(),
        extra: fc.jsonValue({ maxDepth: 2 }),
        a: fc.nat(),
        c: fc.array(fc.nat(), { maxLength: 4 }),
      }),
      { selector: (a) => a.id, maxLength: 6 },
    ),
    videos: fc.uniqueArray(fc.nat(50), { maxLength: 3 }),
    order: fc.array(fc.nat(), { maxLength: 10 }),
  })
  .map(({ authors, comments, articles, videos, order }) => {
    const author = (i: number) => structuredClone(authors[i % authors.length]!);
    const cs = comments.map((c) => ({ id: c.id, body: c.body, author: author(c.a) }));
    const arts = articles.map((a) => ({
      id: a.id,
      title: a.title,
      extra: a.extra,
      author: author(a.a),
      comments: cs.length ? a.c.map((i) => structuredClone(cs[i % cs.length]!)) : [],
      kind: 'article',
    }));
    const items: object[] = [...arts, ...videos.map((id) => ({ id, kind: 'video' }))];
    return {
      items: items.length ? order.map((i) => structuredClone(items[i % items.length]!)) : [],
      byAuthor: Object.fromEntries(authors.map((a) => [`k${a.id}`, structuredClone(a)])),
      feed: arts.map((a) => structuredClone(a)),
    };
  });

describe('property: normalize then denormalize', () => {
  it('gives the input back for thousands of random nested responses', () => {
    fc.assert(
      fc.property(responses, (x) => {
        const s = normalize(response, x, [{}]);
        expect(denormalize(response, s.result, s.entities, [{}])).toEqual(x);
        expect(new MemoCache().denormalize(response, s.result, s.entities, [{}]).data).toEqual(x);
      }),
      { numRuns: 1500 },
    );
  }, 180_000);

  it('storing the same response again changes nothing', () => {
    fc.assert(
      fc.property(responses, (x) => {
        const s1 = normalize(response, x, [{}], undefined, { fetchedAt: 1 });
        const s2 = normalize(response, structuredClone(x), [{}], s1, { fetchedAt: 1 });
        expect(s2.entities).toBe(s1.entities);
      }),
      { numRuns: 500 },
    );
  }, 180_000);

  it('never throws on any JSON where the schema allows anything', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), fc.string(), (extra, title) => {
        const s = normalize([Article], [{ id: 1, title, extra }]);
        const [a] = denormalize([Article], s.result, s.entities) as Article[];
        expect(a!.extra).toEqual(extra);
      }),
      { numRuns: 1000 },
    );
  }, 180_000);
});
