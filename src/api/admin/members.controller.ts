import {
  Body,
  Controller,
  Get,
  HttpCode,
  NotFoundException,
  Param,
  Post,
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
  SetMemberBlockedCommand,
  IssueImpersonationCommand,
  IMPERSONATING_ROLES,
  UID_PATTERN,
  listMembers,
  MEMBERS_LIST,
  showMember,
} from '../../modules/identity';
import { Database } from '../../platform/db/database';
import { errorBody } from '../../platform/http/error-body';
import { listResource } from '../../platform/http/list-resource';
import { metadataFrom } from '../../platform/http/request-context';
import { RemarkDto } from './admin.dto';

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
  list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) reply: FastifyReply) {
    return listResource(reply, 'members', query, MEMBERS_LIST, (page) => listMembers(this.db, page));
  }

  @Get(':uid')
  async show(@Param('uid') uid: string) {
    const member = UID_PATTERN.test(uid) ? await showMember(this.db, uid) : null;
    if (!member) throw new NotFoundException(errorBody(404, `Member ${uid} does not exist`));
    return member;
  }

  @Post(':uid/block')
  @HttpCode(200)
  block(
    @Param('uid') uid: string,
    @Body() body: RemarkDto,
    @CurrentAdmin() admin: AdminPrincipal,
    @Req() request: FastifyRequest,
  ) {
    return this.commands.execute(
      new SetMemberBlockedCommand(uid, true, body.remark, metadataFrom(request, { kind: 'admin', id: admin.username })),
    );
  }

  @Post(':uid/unblock')
  @HttpCode(200)
  unblock(
    @Param('uid') uid: string,
    @Body() body: RemarkDto,
    @CurrentAdmin() admin: AdminPrincipal,
    @Req() request: FastifyRequest,
  ) {
    return this.commands.execute(
      new SetMemberBlockedCommand(
        uid,
        false,
        body.remark,
        metadataFrom(request, { kind: 'admin', id: admin.username }),
      ),
    );
  }

  @Post(':uid/impersonate')
  @HttpCode(200)
  @Roles(...IMPERSONATING_ROLES)
  impersonate(@Param('uid') uid: string, @CurrentAdmin() admin: AdminPrincipal, @Req() request: FastifyRequest) {
    return this.commands.execute(
      new IssueImpersonationCommand(admin.username, uid, metadataFrom(request, { kind: 'admin', id: admin.username })),
    );
  }
}
