import { Controller, Get, Param, Query, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { FastifyReply } from 'fastify';
import { AdminAuthGuard, Roles } from '../../modules/identity';
import { DecideWithdrawalCommand, listWithdrawals, showWithdrawal, WITHDRAWALS_LIST } from '../../modules/wallet';
import { listResource } from '../../platform/http/list-resource';
import { DecisionEndpoints, found } from './admin-endpoints';

/** Members' withdrawals: every admin role reads them; an approver approves (into the GH queue) or rejects. */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('withdrawals')
@UseGuards(AdminAuthGuard)
export class AdminWithdrawalsController extends DecisionEndpoints(DecideWithdrawalCommand) {
  @Get()
  @Roles('approver', 'support', 'auditor')
  list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) reply: FastifyReply) {
    return listResource(reply, 'withdrawals', query, WITHDRAWALS_LIST, (page) => listWithdrawals(this.db, page));
  }

  @Get(':id')
  @Roles('approver', 'support', 'auditor')
  show(@Param('id') id: string) {
    return found(showWithdrawal(this.db, id), `No withdrawal ${id}`);
  }
}
