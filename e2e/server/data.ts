// In-memory data for the demo/test REST server. Stored normalized (posts keep
// ids of their author and comments) and rendered nested on the way out, the way
// a real backend joins tables, so clients really have something to normalize.

export interface User {
  id: number;
  username: string;
  name: string;
  email: string;
  updatedAt: string;
}

export interface Todo {
  id: number;
  userId: number;
  title: string;
  completed: boolean;
  updatedAt: string;
}

export interface CommentRow {
  id: number;
  postId: number;
  authorId: number;
  body: string;
  updatedAt: string;
}

export interface PostRow {
  id: number;
  authorId: number;
  title: string;
  body: string;
  updatedAt: string;
}

/** What the server returns for a comment: the author is embedded. */
export interface Comment {
  id: number;
  postId: number;
  body: string;
  author: User;
  updatedAt: string;
}

/** What the server returns for a post: author and comments (with their authors) embedded. */
export interface Post {
  id: number;
  title: string;
  body: string;
  author: User;
  comments: Comment[];
  updatedAt: string;
}

export interface Seed {
  users: User[];
  todos: Todo[];
  posts: PostRow[];
  comments: CommentRow[];
  /** Password accepted by POST /login for every seeded user. */
  password: string;
}

/** Fixed seed time so snapshots and assertions do not depend on the clock. */
export const SEED_TIME = '2024-01-01T00:00:00.000Z';
export const DEMO_PASSWORD = 'resto';

const NAMES: Array<[string, string]> = [
  ['alice', 'Alice Archer'],
  ['bob', 'Bob Baker'],
  ['carol', 'Carol Cooper'],
  ['dave', 'Dave Dyer'],
  ['erin', 'Erin Evans'],
];

const TODO_TITLES = [
  'Buy milk',
  'Write the README',
  'Call the plumber',
  'Review pull request',
  'Water the plants',
  'Book train tickets',
  'Fix the flaky test',
  'Renew passport',
  'Plan sprint',
  'Clean the desk',
  'Update dependencies',
  'Reply to emails',
  'Walk the dog',
  'Back up laptop',
  'Order printer ink',
  'Prepare demo',
  'Pay electricity bill',
  'Read a chapter',
  'Stretch for 10 minutes',
  'Archive old tickets',
];

const POST_TOPICS = [
  'Normalized caches',
  'Optimistic updates',
  'Polling without pain',
  'Pagination patterns',
  'Stale while revalidate',
  'Access tokens',
  'Dedupe in flight',
  'Referential stability',
  'Garbage collecting a store',
  'Error policies',
  'Custom elements',
  'Suspense and loading states',
];

/**
 * Deterministic default data: 5 users, 20 todos (4 per user, every third
 * completed), 12 posts (3 pages of 5) with 2 comments each.
 */
export function defaultSeed(): Seed {
  const users: User[] = NAMES.map(([username, name], i) => ({
    id: i + 1,
    username,
    name,
    email: `${username}@example.com`,
    updatedAt: SEED_TIME,
  }));
  const todos: Todo[] = TODO_TITLES.map((title, i) => ({
    id: i + 1,
    userId: Math.floor(i / 4) + 1,
    title,
    completed: (i + 1) % 3 === 0,
    updatedAt: SEED_TIME,
  }));
  const posts: PostRow[] = POST_TOPICS.map((topic, i) => ({
    id: i + 1,
    authorId: (i % users.length) + 1,
    title: topic,
    body: `Notes on ${topic.toLowerCase()}.`,
    updatedAt: SEED_TIME,
  }));
  const comments: CommentRow[] = posts.flatMap((p, i) => [
    {
      id: i * 2 + 1,
      postId: p.id,
      authorId: ((i + 1) % users.length) + 1,
      body: `Great post about ${p.title.toLowerCase()}!`,
      updatedAt: SEED_TIME,
    },
    {
      id: i * 2 + 2,
      postId: p.id,
      authorId: ((i + 2) % users.length) + 1,
      body: 'Thanks, this helped.',
      updatedAt: SEED_TIME,
    },
  ]);
  return { users, todos, posts, comments, password: DEMO_PASSWORD };
}

/** Mutable tables plus the joins the API needs. */
export class Db {
  users = new Map<number, User>();
  todos = new Map<number, Todo>();
  posts = new Map<number, PostRow>();
  comments = new Map<number, CommentRow>();
  password = DEMO_PASSWORD;
  private lastStamp = 0;

  constructor(seed: Seed) {
    // Deep copies: mutations must never leak into the seed used by reset().
    for (const u of seed.users) this.users.set(u.id, { ...u });
    for (const t of seed.todos) this.todos.set(t.id, { ...t });
    for (const p of seed.posts) this.posts.set(p.id, { ...p });
    for (const c of seed.comments) this.comments.set(c.id, { ...c });
    this.password = seed.password;
  }

  /**
   * Strictly increasing timestamps, so two writes in the same millisecond
   * still order correctly on the client.
   */
  stamp(): string {
    const now = Math.max(Date.now(), this.lastStamp + 1);
    this.lastStamp = now;
    return new Date(now).toISOString();
  }

  nextId(table: Map<number, unknown>): number {
    let max = 0;
    for (const id of table.keys()) if (id > max) max = id;
    return max + 1;
  }

  renderComment(c: CommentRow): Comment {
    return { id: c.id, postId: c.postId, body: c.body, author: this.user(c.authorId), updatedAt: c.updatedAt };
  }

  renderPost(p: PostRow): Post {
    const comments = [...this.comments.values()]
      .filter((c) => c.postId === p.id)
      .sort((a, b) => a.id - b.id)
      .map((c) => this.renderComment(c));
    return { id: p.id, title: p.title, body: p.body, author: this.user(p.authorId), comments, updatedAt: p.updatedAt };
  }

  private user(id: number): User {
    const u = this.users.get(id);
    // A dangling author would be a seed bug; fail loudly rather than send null.
    if (!u) throw new Error(`seed error: user ${id} does not exist`);
    return { ...u };
  }
}
