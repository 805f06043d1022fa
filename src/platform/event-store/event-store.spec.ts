import { canonicalJson, chainHash, contentHashOf, GENESIS_HASH } from './canonical';
import { prepareAppend } from './event-store';
import { EventMetadata } from './event.types';
import { Sql } from '../db/sql';

/** A new stream needs no read: prepareAppend must not touch the connection. */
const noSql = {} as Sql;

describe('the event store adds a nonce to every event (decision 0015)', () => {
  const cases: EventMetadata[] = [
    { actor: { kind: 'member', id: '100001' }, correlationId: 'c1', clientIp: '10.0.0.1', requestId: 'r1' },
    { actor: { kind: 'system', id: 'x' }, correlationId: 'c2' },
    { actor: { kind: 'admin', id: 'a' }, correlationId: 'c3', impersonatedBy: 'admin:1', idempotencyKey: 'k' },
    { actor: { kind: 'admin', id: 'a' }, correlationId: 'c3', nonce: 'caller-supplied' },
  ];
  it.each(cases)(
    'sends the canonical JSON of the metadata with a fresh 128-bit nonce, and hashes what it sends (%#)',
    async (metadata) => {
      const prepared = await prepareAppend(
        noSql,
        [
          {
            streamId: 's-1',
            expectedVersion: 0,
            events: [
              { type: 'A', payload: { n: 1 } },
              { type: 'B', payload: { n: 2 } },
            ],
          },
        ],
        metadata,
        new Date('2026-11-24T00:00:00.000Z'),
      );
      const [first, second] = prepared.events[0];
      expect(first.metadata.nonce).toMatch(/^[0-9a-f]{32}$/);
      expect(second.metadata.nonce).toMatch(/^[0-9a-f]{32}$/);
      expect(first.metadata.nonce).not.toBe(second.metadata.nonce);
      expect(first.metadata.nonce).not.toBe('caller-supplied');
      const sent = (prepared.statement!.params as unknown[][])[5] as string[];
      let previous = GENESIS_HASH;
      prepared.events[0].forEach((event, index) => {
        expect(sent[index]).toBe(canonicalJson(event.metadata));
        const hash = chainHash(
          previous,
          contentHashOf({ ...event, payload: canonicalJson(event.payload), metadata: canonicalJson(event.metadata) }),
        );
        expect(event.hash).toBe(hash);
        previous = hash;
      });
    },
  );
});
