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
import { AdminAuthGuard, AdminPrincipal, CurrentAdmin, Roles } from '../../modules/identity';
import { DecideWithdrawalCommand, listWithdrawals, showWithdrawal, WITHDRAWALS_LIST } from '../../modules/wallet';
import { Database } from '../../platform/db/database';
import { errorBody } from '../../platform/http/error-body';
import { listResource } from '../../platform/http/list-resource';
import { metadataFrom } from '../../platform/http/request-context';
import { RejectDto } from './payments-admin.dto';

/** Members' withdrawals: every admin role reads them; an approver approves (into the GH queue) or rejects. */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('withdrawals')
@UseGuards(AdminAuthGuard)
export class AdminWithdrawalsController {
  constructor(
    private readonly db: Database,
    private readonly commands: CommandBus,
  ) {}

  @Get()
  @Roles('approver', 'support', 'auditor')
  list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) reply: FastifyReply) {
    return listResource(reply, 'withdrawals', query, WITHDRAWALS_LIST, (page) => listWithdrawals(this.db, page));
  }

  @Get(':id')
  @Roles('approver', 'support', 'auditor')
  async show(@Param('id') id: string) {
    const row = await showWithdrawal(this.db, id);
    if (!row) throw new NotFoundException(errorBody(404, `No withdrawal ${id}`));
    return row;
  }

  @Post(':id/approve')
  @HttpCode(200)
  @Roles('approver')
  approve(@Param('id') id: string, @CurrentAdmin() admin: AdminPrincipal, @Req() request: FastifyRequest) {
    return this.commands.execute(
      new DecideWithdrawalCommand(
        id,
        'approve',
        '',
        admin.username,
        metadataFrom(request, { kind: 'admin', id: admin.username }),
      ),
    );
  }

  @Post(':id/reject')
  @HttpCode(200)
  @Roles('approver')
  reject(
    @Param('id') id: string,
    @Body() body: RejectDto,
    @CurrentAdmin() admin: AdminPrincipal,
    @Req() request: FastifyRequest,
  ) {
    return this.commands.execute(
      new DecideWithdrawalCommand(
        id,
        'reject',
        body.remark.trim(),
        admin.username,
        metadataFrom(request, { kind: 'admin', id: admin.username }),
      ),
    );
  }
}
