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
import { ApiBearerAuth, ApiResponse, ApiTags } from '@nestjs/swagger';
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
import { FourEyesAnswer, PRIVILEGED_ROLES, RequestFourEyesCommand } from '../../modules/four-eyes';
import { adminMeta, fourEyesAnswer } from './admin-endpoints';
import { CreateAdminUserDto, UpdateAdminUserDto } from './admin.dto';

const isPrivileged = (role: string | undefined): role is (typeof PRIVILEGED_ROLES)[number] =>
  (PRIVILEGED_ROLES as readonly (string | undefined)[]).includes(role);

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

  /** Creating a superadmin or an approver is a role grant: four eyes (202), unless fewer than two admins could approve. */
  @Post()
  @ApiResponse({
    status: 202,
    description: "{ status: 'AwaitingSecondApproval', id }: granting superadmin or approver (four-eyes)",
  })
  create(
    @Body() body: CreateAdminUserDto,
    @CurrentAdmin() admin: AdminPrincipal,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    const meta = adminMeta(request, admin);
    if (!isPrivileged(body.role))
      return fourEyesAnswer(
        reply,
        this.done(new CreateAdminUserCommand(body.username, body.password, body.role, meta)),
        201,
      );
    const grant = { username: body.username, role: body.role };
    return fourEyesAnswer(
      reply,
      this.commands.execute(new RequestFourEyesCommand('CreateAdmin', grant, admin, meta, body.password)),
      201,
    );
  }

  /** A change of role to superadmin or approver is a role grant (four eyes); every other change is made at once. */
  @Put(':id')
  @ApiResponse({
    status: 202,
    description: "{ status: 'AwaitingSecondApproval', id }: granting superadmin or approver (four-eyes)",
  })
  update(
    @Param('id') id: string,
    @Body() body: UpdateAdminUserDto,
    @CurrentAdmin() admin: AdminPrincipal,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    const changes = { role: body.role, disabled: body.disabled, password: body.password || undefined };
    const meta = adminMeta(request, admin);
    if (!isPrivileged(changes.role))
      return fourEyesAnswer(reply, this.done(new UpdateAdminUserCommand(id, changes, meta)));
    // The handler makes it at once when the role does not change (react-admin sends the whole record back).
    const grant = {
      username: id,
      role: changes.role,
      disabled: changes.disabled,
      withPassword: Boolean(changes.password),
    };
    return fourEyesAnswer(
      reply,
      this.commands.execute(new RequestFourEyesCommand('ChangeAdmin', grant, admin, meta, changes.password)),
    );
  }

  private async done(command: object): Promise<FourEyesAnswer> {
    return { kind: 'done', result: await this.commands.execute(command) };
  }

  /** A superadmin removes an admin's authenticator (a lost phone): they sign in with the password alone and enrol again. */
  @Post(':id/reset-totp')
  @HttpCode(200)
  resetTotp(@Param('id') id: string, @CurrentAdmin() admin: AdminPrincipal, @Req() request: FastifyRequest) {
    return this.commands.execute(new ResetAdminTotpCommand(id, adminMeta(request, admin)));
  }
}
