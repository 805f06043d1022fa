import { Controller, Get, HttpCode, NotFoundException, Param, Post, Query, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { FastifyReply } from 'fastify';
import { AdminAuthGuard, AdminPrincipal, CurrentAdmin, Roles } from '../../modules/identity/auth/admin-auth';
import { LedgerAuditService } from '../../modules/ledger-audit/ledger-audit.service';
import { Database } from '../../platform/db/database';
import { EVENT_COLUMNS, EventRow, toStoredEvent } from '../../platform/event-store/event.types';
import { EventView } from '../../modules/ledger-audit/redaction';
import { errorBody } from '../../platform/http/error-body';
import { contentRange, filterText, parseListQuery } from '../../platform/http/list-query';

/** An event as the admin lists show it, through the reader's view (the auditor's drops personal values). */
const eventRecord = (view: EventView) => (row: EventRow & { older_unsalted: boolean }) => ({ id: Number(row.position), ...view(toStoredEvent(row), row.older_unsalted), stream_id: row.stream_id, stream_version: row.stream_version, recorded_at: row.recorded_at });

/**
 * Whether an earlier event of the row's stream has no nonce (an earlier release's): the auditor's
 * view then leaves out the row's hash, which chains over that event's guessable content (decision
 * 0015). Cautious — the export knows which of those were redacted, one row does not.
 */
const OLDER_UNSALTED = `exists (select 1 from events older where older.stream_id = events.stream_id and older.stream_version < events.stream_version and not (older.metadata ? 'nonce')) as older_unsalted`;

/** Read-only views of the ledger for every admin role, the auditor included. */
@ApiTags('admin')
@ApiBearerAuth()
@Controller()
@UseGuards(AdminAuthGuard)
@Roles('approver', 'support', 'auditor')
export class AdminLedgerController {
  constructor(
    private readonly db: Database,
    private readonly audit: LedgerAuditService,
  ) {}

  @Get('events')
  async list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) reply: FastifyReply, @CurrentAdmin() admin: AdminPrincipal) {
    const q = parseListQuery(query, ['position', 'id', 'stream_id', 'type', 'recorded_at'], ['position', 'DESC']);
    const sortField = q.sortField === 'id' ? 'position' : q.sortField;
    const params: unknown[] = [];
    const where: string[] = [];
    for (const [key, column] of [['stream_id', 'stream_id'], ['type', 'type']] as const) {
      const value = filterText(q.filter, key, 200);
      if (value) {
        params.push(value);
        where.push(`${column} = $${params.length}`);
      }
    }
    const search = filterText(q.filter, 'q', 200);
    if (search) {
      params.push(`%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      where.push(`stream_id like $${params.length}`);
    }
    const clause = where.length ? `where ${where.join(' and ')}` : '';
    const [{ total }] = await this.db.query<{ total: string }>(`select count(*)::text as total from events ${clause}`, params);
    const rows = await this.db.query<EventRow & { older_unsalted: boolean }>(`select ${EVENT_COLUMNS}, ${OLDER_UNSALTED} from events ${clause} order by events.${sortField} ${q.descending ? 'desc' : 'asc'}, events.position limit ${q.limit} offset ${q.offset}`, params);
    void reply.header('Content-Range', contentRange('events', q, rows.length, Number(total)));
    return rows.map(eventRecord(this.audit.viewFor(admin.role)));
  }

  @Get('events/:position')
  async show(@Param('position') position: string, @CurrentAdmin() admin: AdminPrincipal) {
    if (!/^\d{1,18}$/.test(position)) throw new NotFoundException(errorBody(404, `Event ${position} does not exist`));
    const [row] = await this.db.query<EventRow & { older_unsalted: boolean }>(`select ${EVENT_COLUMNS}, ${OLDER_UNSALTED} from events where position = $1`, [position]);
    if (!row) throw new NotFoundException(errorBody(404, `Event ${position} does not exist`));
    return eventRecord(this.audit.viewFor(admin.role))(row);
  }

  @Post('ledger/verify')
  @HttpCode(200)
  verify() {
    return this.audit.verify();
  }

  /** The same NDJSON as `npm run ledger -- export`, as a download (docs/ledger-format.md). */
  @Get('ledger/export')
  export(@Res() reply: FastifyReply, @CurrentAdmin() admin: AdminPrincipal) {
    const name = `sahyog-ledger-${new Date().toISOString().replace(/[:.]/g, '-')}.ndjson`;
    return reply.header('Content-Type', 'application/x-ndjson; charset=utf-8').header('Content-Disposition', `attachment; filename="${name}"`).send(this.audit.exportStream(this.audit.viewFor(admin.role)));
  }
}
