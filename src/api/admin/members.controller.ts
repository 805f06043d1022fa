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
import { ProfileQueries, UnlockDetailsCommand } from '../../modules/profile';
import { Database } from '../../platform/db/database';
import { errorBody } from '../../platform/http/error-body';
import { listResource } from '../../platform/http/list-resource';
import { adminMeta, found } from './admin-endpoints';
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

  /** Bank details are locked once saved; an approver unlocks them with a reason (an event with the admin as actor). */
  @Post(':uid/unlock-bank')
  @HttpCode(200)
  @Roles('approver')
  unlockBank(
    @Param('uid') uid: string,
    @Body() body: ReasonDto,
    @CurrentAdmin() admin: AdminPrincipal,
    @Req() request: FastifyRequest,
  ) {
    return this.unlock(uid, 'bank', body, admin, request);
  }

  @Post(':uid/unlock-wallet')
  @HttpCode(200)
  @Roles('approver')
  unlockWallet(
    @Param('uid') uid: string,
    @Body() body: ReasonDto,
    @CurrentAdmin() admin: AdminPrincipal,
    @Req() request: FastifyRequest,
  ) {
    return this.unlock(uid, 'wallet', body, admin, request);
  }

  private unlock(
    uid: string,
    what: 'bank' | 'wallet',
    body: ReasonDto,
    admin: AdminPrincipal,
    request: FastifyRequest,
  ) {
    if (!UID_PATTERN.test(uid)) throw new NotFoundException(errorBody(404, `Member ${uid} does not exist`));
    return this.commands.execute(
      new UnlockDetailsCommand(uid, what, body.reason.trim(), admin.username, adminMeta(request, admin)),
    );
  }

  @Post(':uid/impersonate')
  @HttpCode(200)
  @Roles(...IMPERSONATING_ROLES)
  impersonate(@Param('uid') uid: string, @CurrentAdmin() admin: AdminPrincipal, @Req() request: FastifyRequest) {
    return this.commands.execute(new IssueImpersonationCommand(admin.username, uid, adminMeta(request, admin)));
  }
}
