import { isUnreachable, ServiceUnavailable } from './unavailable';

// Proves which failures mean "PostgreSQL or Redis cannot be reached" (a 503) and which are the call's own (decision 0037).
describe('isUnreachable', () => {
  it.each([
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['a server shutting down', Object.assign(new Error('terminating connection'), { code: '57P01' })],
    [
      'a statement timeout',
      Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }),
    ],
    ['a connection exception', Object.assign(new Error('connection failure'), { code: '08006' })],
    ["pg's connect timeout", new Error('timeout exceeded when trying to connect')],
    ["pg's read timeout", new Error('Query read timeout')],
    ['a dropped connection', new Error('Connection terminated unexpectedly')],
    ["ioredis's offline refusal", new Error("Stream isn't writeable and enableOfflineQueue options is false")],
    ['a wrapped driver error', { message: 'query failed', driverError: { code: 'ECONNRESET' } }],
    ['an aggregate of refusals', Object.assign(new AggregateError([{ code: 'ECONNREFUSED' }], ''), {})],
    ['ServiceUnavailable itself', new ServiceUnavailable()],
  ])('%s is', (_, error) => expect(isUnreachable(error)).toBe(true));

  it.each([
    ['a unique violation', Object.assign(new Error('duplicate key'), { code: '23505' })],
    ['a serialization failure', Object.assign(new Error('could not serialize'), { code: '40001' })],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'x')")],
    ['nothing', undefined],
  ])('%s is not', (_, error) => expect(isUnreachable(error)).toBe(false));
});
