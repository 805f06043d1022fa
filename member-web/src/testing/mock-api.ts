import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { apiClient } from '../lib/api-client';

/** One recorded request: method, path under /api, query params and parsed JSON body. */
export interface RecordedCall {
  method: string;
  url: string;
  params: Record<string, unknown>;
  body: unknown;
  headers: Record<string, unknown>;
}

export interface FakeReply {
  status?: number;
  data: unknown;
  /** Response headers, lower-case names (as axios gives them). */
  headers?: Record<string, string>;
}

type Reply = FakeReply | ((call: RecordedCall) => FakeReply | Promise<FakeReply>);

/**
 * Replaces the HTTP transport of the one api client, so tests go through the real client and
 * its interceptors. Routes are keyed 'METHOD /path' (for example 'POST /login').
 * An unknown route answers 404, which makes a missing stub visible.
 */
export function mockApi(routes: Record<string, Reply>) {
  const calls: RecordedCall[] = [];
  const original = apiClient.defaults.adapter;
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const call: RecordedCall = {
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      params: (config.params ?? {}) as Record<string, unknown>,
      body: typeof config.data === 'string' && config.data !== '' ? JSON.parse(config.data) : config.data,
      headers: { ...(config.headers as unknown as Record<string, unknown>) },
    };
    calls.push(call);
    const route = routes[`${call.method} ${call.url}`];
    const reply: FakeReply =
      route === undefined
        ? { status: 404, data: { result: 'not stubbed' } }
        : typeof route === 'function'
          ? await route(call)
          : route;
    const status = reply.status ?? 200;
    const response: AxiosResponse = {
      data: reply.data,
      status,
      statusText: String(status),
      headers: { ...reply.headers },
      config,
      request: {},
    };
    const validate = config.validateStatus;
    if (!validate || validate(status)) return response;
    const { AxiosError } = await import('axios');
    throw new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_RESPONSE', config, {}, response);
  };
  apiClient.defaults.adapter = adapter;
  return {
    calls,
    callsTo: (key: string) => calls.filter((c) => `${c.method} ${c.url}` === key),
    restore: () => {
      apiClient.defaults.adapter = original;
    },
  };
}

/** A promise the test resolves when it wants, to observe a screen while a call is in flight. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
