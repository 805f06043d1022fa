import { render } from '@testing-library/react';
import { App } from '../App';
import { saveSession, type AdminRole } from '../session';
import { emptyLists, jsonResponse, mockFetch, type RecordedCall } from './fetchMock';

export type Route = (call: RecordedCall) => Response | undefined;

/** The whole app signed in as `role` at `hash`; the given routes answer first, every other list empty. */
export function renderAt(role: AdminRole, hash: string, ...routes: Route[]) {
  saveSession({ token: 'jwt-abc', username: 'asha', role });
  const mocked = mockFetch(...routes, emptyLists);
  window.location.hash = hash;
  render(<App />);
  return mocked;
}

/** GET /admin-api/<path>?… answers these rows with their Content-Range. */
export const listRoute =
  (path: string, rows: object[]): Route =>
  (call) =>
    call.method === 'GET' && call.url.startsWith(`/admin-api/${path}?`)
      ? jsonResponse(rows, { contentRange: `${path} 0-${Math.max(rows.length - 1, 0)}/${rows.length}` })
      : undefined;

/** GET /admin-api/<path> (exact) answers this body. */
export const getRoute =
  (path: string, body: unknown): Route =>
  (call) =>
    call.method === 'GET' && call.url === `/admin-api/${path}` ? jsonResponse(body) : undefined;

/** POST /admin-api/<path> (exact) answers `answer(call)`. */
export const postRoute =
  (path: string, answer: (call: RecordedCall) => Response): Route =>
  (call) =>
    call.method === 'POST' && call.url === `/admin-api/${path}` ? answer(call) : undefined;

/** The `filter` / `sort` JSON of a list call's query. */
export function queryOf(call: RecordedCall, name: 'filter' | 'sort' | 'range'): unknown {
  const value = new URL(call.url, 'http://admin.test').searchParams.get(name);
  return value === null ? undefined : JSON.parse(value);
}
