import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
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
import { listResource } from '../../platform/http/list-resource';
import { adminMeta, found } from './admin-endpoints';
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
  show(@Param('uid') uid: string) {
    return found(
      UID_PATTERN.test(uid) ? showMember(this.db, uid) : Promise.resolve(null),
      `Member ${uid} does not exist`,
    );
  }

  @Post(':uid/block')
  @HttpCode(200)
  block(
    @Param('uid') uid: string,
    @Body() body: RemarkDto,
    @CurrentAdmin() admin: AdminPrincipal,
    @Req() request: FastifyRequest,
  ) {
    return this.commands.execute(new SetMemberBlockedCommand(uid, true, body.remark, adminMeta(request, admin)));
  }

  @Post(':uid/unblock')
  @HttpCode(200)
  unblock(
    @Param('uid') uid: string,
    @Body() body: RemarkDto,
    @CurrentAdmin() admin: AdminPrincipal,
    @Req() request: FastifyRequest,
  ) {
    return this.commands.execute(new SetMemberBlockedCommand(uid, false, body.remark, adminMeta(request, admin)));
  }

  @Post(':uid/impersonate')
  @HttpCode(200)
  @Roles(...IMPERSONATING_ROLES)
  impersonate(@Param('uid') uid: string, @CurrentAdmin() admin: AdminPrincipal, @Req() request: FastifyRequest) {
    return this.commands.execute(new IssueImpersonationCommand(admin.username, uid, adminMeta(request, admin)));
  }
}
