import { Controller, Get, NotFoundException, Param, Query, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { FastifyReply } from 'fastify';
import { AdminAuthGuard, AdminPrincipal, CurrentAdmin, Roles } from '../../modules/identity';
import {
  EventListRow,
  LedgerAuditService,
  EVENTS_LIST,
  listEvents,
  showEvent,
  EventView,
} from '../../modules/ledger-audit';
import { Database } from '../../platform/db/database';
import { toStoredEvent } from '../../platform/event-store/event.types';
import { errorBody } from '../../platform/http/error-body';
import { listResource } from '../../platform/http/list-resource';

/** An event as the admin lists show it, through the reader's view (the auditor's drops personal values). */
const eventRecord = (view: EventView) => (row: EventListRow) => ({
  id: Number(row.position),
  ...view(toStoredEvent(row), row.older_unsalted),
  stream_id: row.stream_id,
  stream_version: row.stream_version,
  recorded_at: row.recorded_at,
});

/** The ledger's events, read-only, for every admin role, the auditor included. */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('events')
@UseGuards(AdminAuthGuard)
@Roles('approver', 'support', 'auditor')
export class AdminEventsController {
  constructor(
    private readonly db: Database,
    private readonly audit: LedgerAuditService,
  ) {}

  @Get()
  list(
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) reply: FastifyReply,
    @CurrentAdmin() admin: AdminPrincipal,
  ) {
    const present = eventRecord(this.audit.viewFor(admin.role));
    return listResource(reply, 'events', query, EVENTS_LIST, (page) => listEvents(this.db, page), present);
  }

  @Get(':position')
  async show(@Param('position') position: string, @CurrentAdmin() admin: AdminPrincipal) {
    const row = /^\d{1,18}$/.test(position) ? await showEvent(this.db, position) : null;
    if (!row) throw new NotFoundException(errorBody(404, `Event ${position} does not exist`));
    return eventRecord(this.audit.viewFor(admin.role))(row);
  }
}
