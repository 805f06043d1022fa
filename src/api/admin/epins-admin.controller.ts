import { Body, Controller, Get, HttpCode, NotFoundException, Param, Post, Put, Query, Req, Res, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiHeader, ApiTags } from '@nestjs/swagger';
import { FastifyReply, FastifyRequest } from 'fastify';
import { IssueEpinsCommand } from '../../modules/epins';
import { AdminAuthGuard, AdminPrincipal, CurrentAdmin, Roles } from '../../modules/identity';
import { LEVEL_INCOME_SORTABLE, listLevelIncome } from '../../modules/income';
import { ChangeSettingCommand, DEFAULT_SETTINGS, loadSettings, SETTING_KEYS, SettingKey } from '../../modules/settings';
import { Database } from '../../platform/db/database';
import { errorBody } from '../../platform/http/error-body';
import { equalityFilters } from '../../platform/http/list-filters';
import { contentRange, filterText, parseListQuery } from '../../platform/http/list-query';
import { idempotencyKeyOf, metadataFrom } from '../../platform/http/request-context';
import { IssueEpinsDto, SettingDto } from './epins-admin.dto';

const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

@ApiTags('admin')
@ApiBearerAuth()
@Controller()
@UseGuards(AdminAuthGuard)
export class AdminEpinsController {
  constructor(
    private readonly db: Database,
    private readonly commands: CommandBus,
  ) {}

  @Get('epins')
  @Roles('approver', 'support', 'auditor')
  async epins(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) reply: FastifyReply) {
    const q = parseListQuery(query, ['number', 'owner_uid', 'type', 'status', 'issued_at', 'received_at', 'used_at'], ['issued_at', 'DESC']);
    const params: unknown[] = [];
    const where = equalityFilters(q.filter, { owner: 'owner_uid', type: 'type', status: 'status', source_kind: 'source_kind' }, params);
    const search = filterText(q.filter, 'q');
    if (search) {
      params.push(like(search.toUpperCase()));
      where.push(`number like $${params.length}`);
    }
    const clause = where.length ? `where ${where.join(' and ')}` : '';
    const [{ total }] = await this.db.query<{ total: string }>(`select count(*)::text as total from epins ${clause}`, params);
    const rows = await this.db.query(
      `select number as id, number, type, value_paise::text as value_paise, owner_uid, status, issued_at, received_at, used_for, used_at, source_kind, source_ref
         from epins ${clause} order by ${q.sortField} ${q.descending ? 'desc' : 'asc'}, number limit ${q.limit} offset ${q.offset}`,
      params,
    );
    void reply.header('Content-Range', contentRange('epins', q, rows.length, Number(total)));
    return rows;
  }

  @Post('epins/issue')
  @HttpCode(200)
  @Roles('approver')
  @ApiHeader({ name: 'Idempotency-Key', required: false, description: 'Same key and body: the first answer again, nothing issued twice; other body: 409 (admin-web sends one key per dialog opening)' })
  issue(@Body() body: IssueEpinsDto, @CurrentAdmin() admin: AdminPrincipal, @Req() request: FastifyRequest) {
    const key = idempotencyKeyOf(request);
    return this.commands.execute(
      new IssueEpinsCommand(body.owner, body.type, body.quantity, { kind: 'admin', ref: admin.username }, metadataFrom(request, { kind: 'admin', id: admin.username }, key ? { idempotencyKey: key } : {}), key),
    );
  }

  @Get('settings')
  @Roles('approver', 'support', 'auditor')
  async settings(@Res({ passthrough: true }) reply: FastifyReply) {
    const current = await loadSettings(this.db);
    const changes = await this.db.query<{ key: string; changed_at: Date; changed_by: string }>(
      'select distinct on (key) key, changed_at, changed_by from settings_history order by key, position desc',
    );
    const byKey = new Map(changes.map((c) => [c.key, c]));
    const rows = SETTING_KEYS.map((key) => ({ id: key, key, value: current[key], default: DEFAULT_SETTINGS[key], changed_at: byKey.get(key)?.changed_at ?? null, changed_by: byKey.get(key)?.changed_by ?? null }));
    void reply.header('Content-Range', `settings 0-${rows.length - 1}/${rows.length}`);
    return rows;
  }

  @Get('settings/:key')
  @Roles('approver', 'support', 'auditor')
  async setting(@Param('key') key: string) {
    if (!SETTING_KEYS.includes(key as SettingKey)) throw new NotFoundException(errorBody(404, `Unknown setting ${key}`));
    const current = await loadSettings(this.db);
    return { id: key, key, value: current[key as SettingKey], default: DEFAULT_SETTINGS[key as SettingKey] };
  }

  @Put('settings/:key')
  @Roles()
  changeSetting(@Param('key') key: string, @Body() body: SettingDto, @CurrentAdmin() admin: AdminPrincipal, @Req() request: FastifyRequest) {
    if (!SETTING_KEYS.includes(key as SettingKey)) throw new NotFoundException(errorBody(404, `Unknown setting ${key}`));
    return this.commands.execute(new ChangeSettingCommand(key, body.value, metadataFrom(request, { kind: 'admin', id: admin.username })));
  }

  @Get('level-income')
  @Roles('approver', 'support', 'auditor')
  async levelIncome(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) reply: FastifyReply) {
    const q = parseListQuery(query, LEVEL_INCOME_SORTABLE, ['paid_at', 'DESC']);
    const { rows, total } = await listLevelIncome(this.db, q);
    void reply.header('Content-Range', contentRange('level-income', q, rows.length, total));
    return rows;
  }

  @Get('help-requests')
  @Roles('approver', 'support', 'auditor')
  async helpRequests(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) reply: FastifyReply) {
    const q = parseListQuery(query, ['requested_at', 'uid', 'status'], ['requested_at', 'DESC']);
    const params: unknown[] = [];
    const where = equalityFilters(q.filter, { uid: 'uid', status: 'status', epin_type: 'epin_type' }, params);
    const clause = where.length ? `where ${where.join(' and ')}` : '';
    const [{ total }] = await this.db.query<{ total: string }>(`select count(*)::text as total from help_requests ${clause}`, params);
    const rows = await this.db.query(
      `select id, uid, epin_type, tier_paise::text as tier_paise, kind, status, topup_position::text as topup_position, requested_at
         from help_requests ${clause} order by ${q.sortField} ${q.descending ? 'desc' : 'asc'}, id limit ${q.limit} offset ${q.offset}`,
      params,
    );
    void reply.header('Content-Range', contentRange('help-requests', q, rows.length, Number(total)));
    return rows;
  }
}
