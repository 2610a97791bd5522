// @resto/openapi against a real server: the e2e server's OpenAPI document
// (server/openapi.yaml) is generated into TypeScript, vite imports the modules,
// and their resources and endpoints read and write through a real client.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from '@resto/core';
import { generate, writeFiles } from '@resto/openapi';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, startServer, type RunningServer } from '../server/index';

const spec = fileURLToPath(new URL('../server/openapi.yaml', import.meta.url));
// Inside e2e/, so the generated modules resolve @resto/core from e2e's node_modules.
const dir = fileURLToPath(new URL(`../.generated-openapi-${process.pid}/`, import.meta.url));

let server: RunningServer;
let api: Record<string, any>;
let client: ReturnType<typeof createClient>;

beforeAll(async () => {
  server = await startServer({ pageSize: 5 });
  const result = await generate(spec, { urlPrefix: server.url });
  await writeFiles(dir, result.files);
  api = await import(join(dir, 'index.ts'));
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  server.reset();
  client = createClient();
});
afterEach(() => client.destroy());

// The generated modules are imported at run time, so their types are not known here.
const fetchAny = (endpoint: any, ...args: any[]): Promise<any> => client.controller.fetch(endpoint, ...args);

describe('resources generated from the e2e server document', () => {
  it('reads a filtered list and an item as entities with Date fields', async () => {
    const todos = await fetchAny(api.listTodos, { userId: 1 });
    expect(todos.length).toBeGreaterThan(0);
    expect(todos.every((t: any) => t instanceof api.Todo && t.userId === 1)).toBe(true);
    expect(todos[0].updatedAt).toBeInstanceOf(Date);
    const one = await fetchAny(api.getTodo, { id: todos[0].id });
    expect(one.title).toBe(server.db.todos.get(todos[0].id)!.title);
  });

  it('normalizes nested authors and comments: one User, updated everywhere', async () => {
    const post = await fetchAny(api.getPost, { id: 1 });
    expect(post.author).toBeInstanceOf(api.User);
    expect(post.comments.every((c: any) => c instanceof api.Comment && c.author instanceof api.User)).toBe(true);
    const authorId = post.author.id;
    await fetchAny(api.updateUser, { id: authorId }, { name: 'Renamed' });
    expect(server.db.users.get(authorId)!.name).toBe('Renamed');
    const again = client.controller.getResponse(api.getPost, { id: 1 }, client.getSnapshot()).data as any;
    expect(again.author.name).toBe('Renamed');
  });

  it('mutations through the resource members update the stored list', async () => {
    const list = client.observe(api.listTodos, { userId: 2 });
    const stop = list.subscribe(() => {});
    await list.promise();
    const before = list.getSnapshot().data as any[];

    const created = await fetchAny(api.createTodo, { title: 'From OpenAPI', userId: 2 });
    expect(server.db.todos.get(created.id)!.title).toBe('From OpenAPI');
    expect((list.getSnapshot().data as any[]).map((t) => t.id)).toEqual([...before.map((t) => t.id), created.id]);

    await fetchAny(api.updateTodo, { id: created.id }, { completed: true });
    expect(server.db.todos.get(created.id)!.completed).toBe(true);
    expect((list.getSnapshot().data as any[]).find((t) => t.id === created.id).completed).toBe(true);

    await fetchAny(api.deleteTodo, { id: created.id });
    expect(server.db.todos.has(created.id)).toBe(false);
    await list.promise();
    expect((list.getSnapshot().data as any[]).map((t) => t.id)).not.toContain(created.id);
    stop();
  });

  it('pages posts with the page parameter as paginationField', async () => {
    const first = await fetchAny(api.listPosts);
    expect(first).toHaveLength(5);
    await fetchAny(api.listPosts.getPage, { page: 2 });
    const all = client.controller.getResponse(api.listPosts, client.getSnapshot()).data as any[];
    expect(all.map((p) => p.id)).toEqual([...server.db.posts.keys()].sort((a, b) => a - b).slice(0, 10));
  });

  it('plain endpoints: an envelope holding an entity, a user list, plain JSON and text', async () => {
    const session = await fetchAny(api.login, { username: 'alice', password: DEMO_PASSWORD });
    expect(typeof session.accessToken).toBe('string');
    expect(session.user).toBeInstanceOf(api.User);
    expect(session.user.username).toBe('alice');

    const mine = await fetchAny(api.listUserTodos, { id: 3 });
    expect(mine.every((t: any) => t instanceof api.Todo && t.userId === 3)).toBe(true);

    const time = await fetchAny(api.getTime);
    expect(typeof time.epochMs).toBe('number');
    expect(await fetchAny(api.getReport)).toContain('Resto report');
  });

  it('a 404 is a NetworkError naming the status', async () => {
    await expect(fetchAny(api.getTodo, { id: 9999 })).rejects.toMatchObject({ status: 404 });
  });
});
