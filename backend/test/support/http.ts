import { MikroORM } from '@mikro-orm/core';
import { bearer } from './accounts';
import type { TestApp } from './test-app';

/** Requests to the running app as the holder of `token` (real HTTP, supertest). */
export function asUser(t: TestApp, token: string) {
  return {
    get: (url: string) => t.http().get(url).set(...bearer(token)),
    post: (url: string, body: object = {}) => t.http().post(url).set(...bearer(token)).send(body),
    put: (url: string, body: object = {}) => t.http().put(url).set(...bearer(token)).send(body),
    patch: (url: string, body: object = {}) => t.http().patch(url).set(...bearer(token)).send(body),
    delete: (url: string) => t.http().delete(url).set(...bearer(token)),
  };
}

/** A raw statement on the app's database, outside any tenant context: for a test's own checks. */
export function sqlOf(t: TestApp): (query: string, params?: unknown[]) => Promise<Record<string, unknown>[]> {
  return (query, params = []) => t.get(MikroORM).em.getConnection().execute(query, params);
}
