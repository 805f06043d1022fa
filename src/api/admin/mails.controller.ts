import { Controller, Get, NotFoundException, Param, Query, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { FastifyReply } from 'fastify';
import { AdminAuthGuard, Roles } from '../../modules/identity/auth/admin-auth';
import { Database } from '../../platform/db/database';
import { errorBody } from '../../platform/http/error-body';
import { contentRange, filterText, parseListQuery } from '../../platform/http/list-query';
import { maskMailSecrets } from '../../platform/mail/mail';

const COLUMNS = `id, event_position::text as event_position, to_address as "to", subject, body, created_at, sent_at, transport`;

const masked = <T extends { body: string }>(row: T): T => ({ ...row, body: maskMailSecrets(row.body) });

/**
 * Outgoing mail, as the worker sent it (with the local catcher, the only place a dev mail is seen).
 * Superadmin only, and link tokens are masked: a mail's reader must not be able to take over the
 * addressee's account with its reset link.
 */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('mails')
@UseGuards(AdminAuthGuard)
@Roles()
export class AdminMailsController {
  constructor(private readonly db: Database) {}

  @Get()
  async list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) reply: FastifyReply) {
    const q = parseListQuery(query, ['id', 'created_at', 'to'], ['id', 'DESC']);
    const params: unknown[] = [];
    const to = filterText(q.filter, 'to', 200);
    if (to) params.push(to);
    const clause = to ? 'where to_address = $1' : '';
    const sort = q.sortField === 'to' ? 'to_address' : q.sortField;
    const [{ total }] = await this.db.query<{ total: string }>(`select count(*)::text as total from mail_outbox ${clause}`, params);
    const rows = await this.db.query<{ body: string }>(`select ${COLUMNS} from mail_outbox ${clause} order by ${sort} ${q.descending ? 'desc' : 'asc'} limit ${q.limit} offset ${q.offset}`, params);
    void reply.header('Content-Range', contentRange('mails', q, rows.length, Number(total)));
    return rows.map(masked);
  }

  @Get(':id')
  async show(@Param('id') id: string) {
    if (!/^\d{1,18}$/.test(id)) throw new NotFoundException(errorBody(404, `Mail ${id} does not exist`));
    const [row] = await this.db.query<{ body: string }>(`select ${COLUMNS} from mail_outbox where id = $1`, [id]);
    if (!row) throw new NotFoundException(errorBody(404, `Mail ${id} does not exist`));
    return masked(row);
  }
}
