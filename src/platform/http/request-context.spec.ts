import { FastifyRequest } from 'fastify';
import { metadataFrom } from './request-context';

const requestOf = (headers: Record<string, string> = {}, body: unknown = {}): FastifyRequest =>
  ({ id: 'req-1', headers, body, ip: '203.0.113.7' }) as unknown as FastifyRequest;

const member = { kind: 'member', id: '100001' } as const;

describe('metadataFrom: what every event of a request carries', () => {
  it('leaves out correlationId when it would only repeat the request id (decision 0060)', () => {
    expect(metadataFrom(requestOf(), member)).toEqual({ actor: member, requestId: 'req-1', clientIp: '203.0.113.7' });
  });

  it("keeps the caller's X-Correlation-Id beside the request id", () => {
    expect(metadataFrom(requestOf({ 'x-correlation-id': 'flow-42' }), member)).toEqual({
      actor: member,
      correlationId: 'flow-42',
      requestId: 'req-1',
      clientIp: '203.0.113.7',
    });
  });

  it('ignores a correlation id over 100 characters, and one equal to the request id', () => {
    expect(metadataFrom(requestOf({ 'x-correlation-id': 'x'.repeat(101) }), member)).not.toHaveProperty(
      'correlationId',
    );
    expect(metadataFrom(requestOf({ 'x-correlation-id': 'req-1' }), member)).not.toHaveProperty('correlationId');
  });
});
