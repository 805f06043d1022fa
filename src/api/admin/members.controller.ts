import { Body, Controller, Get, HttpCode, NotFoundException, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { FastifyReply, FastifyRequest } from 'fastify';
import { AdminAuthGuard, AdminPrincipal, CurrentAdmin, Roles } from '../../modules/identity/auth/admin-auth';
import { SetMemberBlockedCommand } from '../../modules/identity/commands/block-member/block-member.command';
import { IssueImpersonationCommand } from '../../modules/identity/commands/impersonate-member/impersonate-member.command';
import { IMPERSONATING_ROLES } from '../../modules/identity/domain/admin.events';
import { UID_PATTERN } from '../../modules/identity/member-state';
import { Database } from '../../platform/db/database';
import { EVENT_COLUMNS, EventRow, toStoredEvent } from '../../platform/event-store/event.types';
import { errorBody } from '../../platform/http/error-body';
import { contentRange, filterText, parseListQuery } from '../../platform/http/list-query';
import { metadataFrom } from '../../platform/http/request-context';
import { RemarkDto } from './admin.dto';

const SORTABLE = ['uid', 'name', 'registered_at', 'status', 'sponsor_uid', 'blocked'] as const;
const MEMBER_COLUMNS = `m.uid as id, m.uid, m.name, m.email, m.mobile, m.sponsor_uid, m.status, m.blocked, m.isagree,
  m.registered_at, m.activated_at, m.last_login_at, m.city, m.state, m.country_id, m.upi_number, m.wallet_address`;
/** Member stream events shown on a member's page at the most. */
const MEMBER_EVENTS_SHOWN = 200;

@ApiTags('admin')
@ApiBearerAuth()
@Controller('members')
@UseGuards(AdminAuthGuard)
@Roles('approver', 'support')
export class AdminMembersController {
  constructor(
    private readonly db: Database,
    private readonly commands: CommandBus,
  ) {}

  @Get()
  async list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) reply: FastifyReply) {
    const q = parseListQuery(query, SORTABLE, ['registered_at', 'DESC']);
    const where: string[] = [];
    const params: unknown[] = [];
    const search = filterText(q.filter, 'q');
    if (search) {
      params.push(`%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      where.push(`(m.uid like $${params.length} or m.name ilike $${params.length} or m.email ilike $${params.length} or m.mobile like $${params.length})`);
    }
    const status = filterText(q.filter, 'status');
    if (status) {
      params.push(status);
      where.push(`m.status = $${params.length}`);
    }
    const blocked = filterText(q.filter, 'blocked');
    if (blocked !== undefined) {
      params.push(blocked === 'true');
      where.push(`m.blocked = $${params.length}`);
    }
    const sponsor = filterText(q.filter, 'sponsor');
    if (sponsor) {
      params.push(sponsor);
      where.push(`m.sponsor_uid = $${params.length}`);
    }
    const clause = where.length ? `where ${where.join(' and ')}` : '';
    const [{ total }] = await this.db.query<{ total: string }>(`select count(*)::text as total from members m ${clause}`, params);
    const rows = await this.db.query(
      `select ${MEMBER_COLUMNS} from members m ${clause} order by m.${q.sortField} ${q.descending ? 'desc' : 'asc'}, m.uid limit ${q.limit} offset ${q.offset}`,
      params,
    );
    void reply.header('Content-Range', contentRange('members', q, rows.length, Number(total)));
    return rows;
  }

  @Get(':uid')
  async show(@Param('uid') uid: string) {
    if (!UID_PATTERN.test(uid)) throw new NotFoundException(errorBody(404, `Member ${uid} does not exist`));
    const [member] = await this.db.query<Record<string, unknown>>(
      `select ${MEMBER_COLUMNS}, s.name as sponsor_name, c.name as country_name,
              (select count(*) from members d where d.sponsor_uid = m.uid)::int as directs,
              (select count(*) from member_tree t where t.ancestor_uid = m.uid)::int as team
         from members m left join members s on s.uid = m.sponsor_uid left join countries c on c.id = m.country_id
        where m.uid = $1`,
      [uid],
    );
    if (!member) throw new NotFoundException(errorBody(404, `Member ${uid} does not exist`));
    const events = await this.db.query<EventRow>(`select ${EVENT_COLUMNS} from events where stream_id = $1 order by stream_version desc limit ${MEMBER_EVENTS_SHOWN}`, [`member-${uid}`]);
    return { ...member, events: events.map(toStoredEvent) };
  }

  @Post(':uid/block')
  @HttpCode(200)
  block(@Param('uid') uid: string, @Body() body: RemarkDto, @CurrentAdmin() admin: AdminPrincipal, @Req() request: FastifyRequest) {
    return this.commands.execute(new SetMemberBlockedCommand(uid, true, body.remark, metadataFrom(request, { kind: 'admin', id: admin.username })));
  }

  @Post(':uid/unblock')
  @HttpCode(200)
  unblock(@Param('uid') uid: string, @Body() body: RemarkDto, @CurrentAdmin() admin: AdminPrincipal, @Req() request: FastifyRequest) {
    return this.commands.execute(new SetMemberBlockedCommand(uid, false, body.remark, metadataFrom(request, { kind: 'admin', id: admin.username })));
  }

  @Post(':uid/impersonate')
  @HttpCode(200)
  @Roles(...IMPERSONATING_ROLES)
  impersonate(@Param('uid') uid: string, @CurrentAdmin() admin: AdminPrincipal, @Req() request: FastifyRequest) {
    return this.commands.execute(new IssueImpersonationCommand(admin.username, uid, metadataFrom(request, { kind: 'admin', id: admin.username })));
  }
}
