import { ProjectedEvent, Projection, Statement } from '../../../platform/projections/projection';
import { HelpRequested } from '../domain/help.events';

/** One row per help request: what the admin list and the one-open-request check read. */
export const helpRequestsProjection: Projection = {
  name: 'help-requests',
  tables: ['help_requests'],
  handles: ['HelpRequested'],
  project(event: ProjectedEvent): Statement[] {
    const p = event.payload as HelpRequested;
    return [
      {
        text: 'insert into help_requests (id, uid, epin_type, tier_paise, kind, topup_position, requested_at) values ($1, $2, $3, $4, $5, $6, $7)',
        params: [p.id, p.uid, p.epinType, p.tierPaise, p.kind, p.topupPosition, event.recordedAt],
      },
    ];
  },
};
