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
import { ApiBearerAuth, ApiResponse, ApiTags } from '@nestjs/swagger';
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
import { RequestFourEyesCommand } from '../../modules/four-eyes';
import { ProfileQueries } from '../../modules/profile';
import { Database } from '../../platform/db/database';
import { errorBody } from '../../platform/http/error-body';
import { listResource } from '../../platform/http/list-resource';
import { adminMeta, found, fourEyesAnswer } from './admin-endpoints';
import { ReasonDto, RemarkDto } from './admin.dto';

@ApiTags('admin')
@ApiBearerAuth()
@Controller('members')
@UseGuards(AdminAuthGuard)
@Roles('approver', 'support')
export class AdminMembersController {
  constructor(
    private readonly db: Database,
    private readonly commands: CommandBus,
    private readonly profiles: ProfileQueries,
  ) {}

  @Get()
  list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) reply: FastifyReply) {
    return listResource(reply, 'members', query, MEMBERS_LIST, (page) => listMembers(this.db, page));
  }

  /** The member with their profile, bank details and wallet address in full (PAN and Aadhaar unmasked: the admin verifies them). */
  @Get(':uid')
  async show(@Param('uid') uid: string) {
    const member = await found(
      UID_PATTERN.test(uid) ? showMember(this.db, uid) : Promise.resolve(null),
      `Member ${uid} does not exist`,
    );
    return { ...member, ...(await this.profiles.forAdmin(uid)) };
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

  /** Bank details are locked once saved; an approver unlocks them with a reason, with a second admin's approval (four eyes). */
  @Post(':uid/unlock-bank')
  @HttpCode(200)
  @Roles('approver')
  @ApiResponse({
    status: 202,
    description: "{ status: 'AwaitingSecondApproval', id }: a second approver carries it out (four-eyes)",
  })
  unlockBank(
    @Param('uid') uid: string,
    @Body() body: ReasonDto,
    @CurrentAdmin() admin: AdminPrincipal,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    return this.unlock(uid, 'UnlockBank', body, admin, request, reply);
  }

  @Post(':uid/unlock-wallet')
  @HttpCode(200)
  @Roles('approver')
  @ApiResponse({
    status: 202,
    description: "{ status: 'AwaitingSecondApproval', id }: a second approver carries it out (four-eyes)",
  })
  unlockWallet(
    @Param('uid') uid: string,
    @Body() body: ReasonDto,
    @CurrentAdmin() admin: AdminPrincipal,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    return this.unlock(uid, 'UnlockWallet', body, admin, request, reply);
  }

  private unlock(
    uid: string,
    action: 'UnlockBank' | 'UnlockWallet',
    body: ReasonDto,
    admin: AdminPrincipal,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    if (!UID_PATTERN.test(uid)) throw new NotFoundException(errorBody(404, `Member ${uid} does not exist`));
    const unlock = { uid, reason: body.reason.trim() };
    return fourEyesAnswer(
      reply,
      this.commands.execute(new RequestFourEyesCommand(action, unlock, admin, adminMeta(request, admin))),
    );
  }

  @Post(':uid/impersonate')
  @HttpCode(200)
  @Roles(...IMPERSONATING_ROLES)
  impersonate(@Param('uid') uid: string, @CurrentAdmin() admin: AdminPrincipal, @Req() request: FastifyRequest) {
    return this.commands.execute(new IssueImpersonationCommand(admin.username, uid, adminMeta(request, admin)));
  }
}
