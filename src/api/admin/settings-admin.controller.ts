import { Body, Controller, Get, NotFoundException, Param, Put, Req, Res, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiResponse, ApiTags } from '@nestjs/swagger';
import { FastifyReply, FastifyRequest } from 'fastify';
import { AdminAuthGuard, AdminPrincipal, CurrentAdmin, Roles } from '../../modules/identity';
import { RequestFourEyesCommand } from '../../modules/four-eyes';
import { isSettingKey, listSettings, showSetting } from '../../modules/settings';
import { Database } from '../../platform/db/database';
import { errorBody } from '../../platform/http/error-body';
import { wholeList } from '../../platform/http/list-resource';
import { adminMeta, fourEyesAnswer } from './admin-endpoints';
import { SettingDto } from './settings-admin.dto';

/** The business numbers: every admin role reads them, only a superadmin changes one, with a second superadmin's approval. */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('settings')
@UseGuards(AdminAuthGuard)
export class AdminSettingsController {
  constructor(
    private readonly db: Database,
    private readonly commands: CommandBus,
  ) {}

  /** A handful of rows in the settings page's order: it reads no sort, range or filter. */
  @Get()
  @Roles('approver', 'support', 'auditor')
  async settings(@Res({ passthrough: true }) reply: FastifyReply) {
    return wholeList(reply, 'settings', await listSettings(this.db));
  }

  @Get(':key')
  @Roles('approver', 'support', 'auditor')
  async setting(@Param('key') key: string) {
    const setting = await showSetting(this.db, key);
    if (!setting) throw new NotFoundException(errorBody(404, `Unknown setting ${key}`));
    return setting;
  }

  @Put(':key')
  @Roles()
  @ApiResponse({
    status: 202,
    description: "{ status: 'AwaitingSecondApproval', id }: a second superadmin approves it (four-eyes)",
  })
  changeSetting(
    @Param('key') key: string,
    @Body() body: SettingDto,
    @CurrentAdmin() admin: AdminPrincipal,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    if (!isSettingKey(key)) throw new NotFoundException(errorBody(404, `Unknown setting ${key}`));
    // Every business number changes only with a second superadmin's approval (decision 0034).
    const change = { key, value: body.value };
    return fourEyesAnswer(
      reply,
      this.commands.execute(new RequestFourEyesCommand('ChangeSetting', change, admin, adminMeta(request, admin))),
    );
  }
}
