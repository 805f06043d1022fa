import { exactlyOneRow, ProjectedEvent, Projection, Statement } from '../../../platform/projections/projection';
import { FourEyesApproved, FourEyesFailed, FourEyesRejected, FourEyesRequested } from '../domain/four-eyes.events';

/** One row per four-eyes request: Pending → Approved, Rejected or Failed, once (Expired is read from the time). */
export const fourEyesProjection: Projection = {
  name: 'four-eyes',
  tables: ['four_eyes_requests'],
  handles: ['FourEyesRequested', 'FourEyesApproved', 'FourEyesRejected', 'FourEyesFailed'],
  project(event: ProjectedEvent): Statement[] {
    const v = event.streamVersion;
    const at = event.recordedAt;
    const decided = (status: string, p: { id: string; checker: string }, reason: string | null, code: string | null) =>
      exactlyOneRow(
        "update four_eyes_requests set status = $2, checker = $3, reason = $4, code = $5, decided_at = $6, version = $7 where id = $1 and status = 'Pending'",
        [p.id, status, p.checker, reason, code, at, v],
        `four-eyes request ${p.id} decided once`,
      );
    switch (event.type) {
      case 'FourEyesRequested': {
        const p = event.payload as FourEyesRequested;
        return [
          {
            text: `insert into four_eyes_requests (id, action, maker, member_uid, amount_paise, summary, request, status, requested_at, expires_at, version)
                   values ($1, $2, $3, $4, $5::bigint, $6, $7::jsonb, 'Pending', $8, $9, $10)`,
            params: [
              p.id,
              p.action,
              p.maker,
              p.member,
              p.amountPaise,
              p.summary,
              JSON.stringify(p.request),
              at,
              p.expiresAt,
              v,
            ],
          },
        ];
      }
      case 'FourEyesApproved':
        return [decided('Approved', event.payload as FourEyesApproved, null, null)];
      case 'FourEyesRejected': {
        const p = event.payload as FourEyesRejected;
        return [decided('Rejected', p, p.reason, null)];
      }
      case 'FourEyesFailed': {
        const p = event.payload as FourEyesFailed;
        return [decided('Failed', p, p.reason, p.code)];
      }
      default:
        return [];
    }
  },
};
