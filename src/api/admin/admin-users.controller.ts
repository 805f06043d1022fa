import {
  Body,
  Controller,
  Get,
  HttpCode,
  NotFoundException,
  Param,
  Post,
  Put,
  Query,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { FastifyReply, FastifyRequest } from 'fastify';
import {
  AdminAuthGuard,
  AdminPrincipal,
  CurrentAdmin,
  Roles,
  CreateAdminUserCommand,
  ResetAdminTotpCommand,
  UpdateAdminUserCommand,
  ADMIN_USERS_LIST,
  listAdminUsers,
  showAdminUser,
} from '../../modules/identity';
import { Database } from '../../platform/db/database';
import { errorBody } from '../../platform/http/error-body';
import { listResource } from '../../platform/http/list-resource';
import { adminMeta } from './admin-endpoints';
import { CreateAdminUserDto, UpdateAdminUserDto } from './admin.dto';

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
  list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) reply: FastifyReply) {
    return listResource(reply, 'admin-users', query, ADMIN_USERS_LIST, (page) => listAdminUsers(this.db, page));
  }

  @Get(':id')
  async show(@Param('id') id: string) {
    const row = await showAdminUser(this.db, id);
    if (!row) throw new NotFoundException(errorBody(404, `Admin ${id} does not exist`));
    return row;
  }

  @Post()
  create(@Body() body: CreateAdminUserDto, @CurrentAdmin() admin: AdminPrincipal, @Req() request: FastifyRequest) {
    return this.commands.execute(
      new CreateAdminUserCommand(body.username, body.password, body.role, adminMeta(request, admin)),
    );
  }

  @Put(':id')
  update(
    @Param('id') id: string,
    @Body() body: UpdateAdminUserDto,
    @CurrentAdmin() admin: AdminPrincipal,
    @Req() request: FastifyRequest,
  ) {
    const changes = { role: body.role, disabled: body.disabled, password: body.password || undefined };
    return this.commands.execute(new UpdateAdminUserCommand(id, changes, adminMeta(request, admin)));
  }

  /** A superadmin removes an admin's authenticator (a lost phone): they sign in with the password alone and enrol again. */
  @Post(':id/reset-totp')
  @HttpCode(200)
  resetTotp(@Param('id') id: string, @CurrentAdmin() admin: AdminPrincipal, @Req() request: FastifyRequest) {
    return this.commands.execute(new ResetAdminTotpCommand(id, adminMeta(request, admin)));
  }
}
