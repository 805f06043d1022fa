import { Body, Controller, Get, NotFoundException, Param, Post, Put, Query, Req, Res, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { FastifyReply, FastifyRequest } from 'fastify';
import { AdminAuthGuard, AdminPrincipal, CurrentAdmin, Roles } from '../../modules/identity/auth/admin-auth';
import { CreateAdminUserCommand, UpdateAdminUserCommand } from '../../modules/identity/commands/admin-users/admin-users.command';
import { Database } from '../../platform/db/database';
import { errorBody } from '../../platform/http/error-body';
import { contentRange, filterText, parseListQuery } from '../../platform/http/list-query';
import { metadataFrom } from '../../platform/http/request-context';
import { CreateAdminUserDto, UpdateAdminUserDto } from './admin.dto';

const COLUMNS = 'username as id, username, role, disabled, created_at, last_login_at';

@ApiTags('admin')
@ApiBearerAuth()
@Controller('admin-users')
@UseGuards(AdminAuthGuard)
@Roles()
export class AdminUsersController {
  constructor(
    private readonly db: Database,
    private readonly commands: CommandBus,
  ) {}

  @Get()
  async list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) reply: FastifyReply) {
    const q = parseListQuery(query, ['username', 'role', 'created_at', 'last_login_at'], ['username', 'ASC']);
    const params: unknown[] = [];
    const where: string[] = [];
    const search = filterText(q.filter, 'q');
    if (search) {
      params.push(`%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      where.push(`username ilike $${params.length}`);
    }
    const role = filterText(q.filter, 'role');
    if (role) {
      params.push(role);
      where.push(`role = $${params.length}`);
    }
    const clause = where.length ? `where ${where.join(' and ')}` : '';
    const [{ total }] = await this.db.query<{ total: string }>(`select count(*)::text as total from admin_users ${clause}`, params);
    const rows = await this.db.query(`select ${COLUMNS} from admin_users ${clause} order by ${q.sortField} ${q.descending ? 'desc' : 'asc'} limit ${q.limit} offset ${q.offset}`, params);
    void reply.header('Content-Range', contentRange('admin-users', q, rows.length, Number(total)));
    return rows;
  }

  @Get(':id')
  async show(@Param('id') id: string) {
    const [row] = await this.db.query(`select ${COLUMNS} from admin_users where username = $1`, [id]);
    if (!row) throw new NotFoundException(errorBody(404, `Admin ${id} does not exist`));
    return row;
  }

  @Post()
  create(@Body() body: CreateAdminUserDto, @CurrentAdmin() admin: AdminPrincipal, @Req() request: FastifyRequest) {
    return this.commands.execute(new CreateAdminUserCommand(body.username, body.password, body.role, metadataFrom(request, { kind: 'admin', id: admin.username })));
  }

  @Put(':id')
  update(@Param('id') id: string, @Body() body: UpdateAdminUserDto, @CurrentAdmin() admin: AdminPrincipal, @Req() request: FastifyRequest) {
    const changes = { role: body.role, disabled: body.disabled, password: body.password || undefined };
    return this.commands.execute(new UpdateAdminUserCommand(id, changes, metadataFrom(request, { kind: 'admin', id: admin.username })));
  }
}
