import { Body, Controller, Get, HttpCode, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiHeader, ApiResponse, ApiTags } from '@nestjs/swagger';
import { FastifyReply, FastifyRequest } from 'fastify';
import { EPINS_LIST, listEpins } from '../../modules/epins';
import { RequestFourEyesCommand } from '../../modules/four-eyes';
import { fourEyesAnswer } from './admin-endpoints';
import { AdminAuthGuard, AdminPrincipal, CurrentAdmin, Roles } from '../../modules/identity';
import { Database } from '../../platform/db/database';
import { listResource } from '../../platform/http/list-resource';
import { idempotencyKeyOf, metadataFrom } from '../../platform/http/request-context';
import { IssueEpinsDto } from './epins-admin.dto';

@ApiTags('admin')
@ApiBearerAuth()
@Controller('epins')
@UseGuards(AdminAuthGuard)
export class AdminEpinsController {
  constructor(
    private readonly db: Database,
    private readonly commands: CommandBus,
  ) {}

  @Get()
  @Roles('approver', 'support', 'auditor')
  epins(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) reply: FastifyReply) {
    return listResource(reply, 'epins', query, EPINS_LIST, (page) => listEpins(this.db, page));
  }

  @Post('issue')
  @HttpCode(200)
  @Roles('approver')
  @ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    description:
      'Same key and body: the first answer again, nothing issued twice; other body: 409 (admin-web sends one key per dialog opening)',
  })
  @ApiResponse({
    status: 202,
    description: "{ status: 'AwaitingSecondApproval', id }: a second admin approves it (four-eyes)",
  })
  issue(
    @Body() body: IssueEpinsDto,
    @CurrentAdmin() admin: AdminPrincipal,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    // E-pins without a payment create money: a second admin carries the issue out (decision 0034).
    const key = idempotencyKeyOf(request);
    const issue = { owner: body.owner, type: body.type, quantity: body.quantity };
    const meta = metadataFrom(request, { kind: 'admin', id: admin.username }, key ? { idempotencyKey: key } : {});
    return fourEyesAnswer(
      reply,
      this.commands.execute(new RequestFourEyesCommand('IssueEpins', issue, admin, meta, undefined, key)),
    );
  }
}
