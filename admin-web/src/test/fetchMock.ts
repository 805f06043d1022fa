import { vi } from 'vitest';

export interface RecordedCall {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
}

type Route = (call: RecordedCall) => Response | undefined;

/** JSON response with an optional Content-Range (ra-data-simple-rest needs it on lists). */
export function jsonResponse(body: unknown, init: { status?: number; contentRange?: string } = {}): Response {
  const headers = new Headers({ 'Content-Type': 'application/json' });
  if (init.contentRange) headers.set('Content-Range', init.contentRange);
  return new Response(JSON.stringify(body), { status: init.status ?? 200, headers });
}

/** Empty list for any GET /admin-api/<resource>, so a rendered list page settles. */
export const emptyLists: Route = (call) => {
  const match = /^\/admin-api\/([\w-]+)(\?|$)/.exec(call.url);
  if (call.method !== 'GET' || !match) return undefined;
  return jsonResponse([], { contentRange: `${match[1]} 0-0/0` });
};

/** Replaces global fetch; every call is recorded, the first route that answers wins. */
export function mockFetch(...routes: Route[]) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call: RecordedCall = {
      url: String(input),
      method: (init.method ?? 'GET').toUpperCase(),
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
    };
    calls.push(call);
    for (const route of routes) {
      const response = route(call);
      if (response) return response;
    }
    return jsonResponse({ message: `no mock for ${call.method} ${call.url}` }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}
