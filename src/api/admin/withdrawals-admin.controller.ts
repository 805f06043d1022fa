import { Controller, Get, HttpCode, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiResponse, ApiTags } from '@nestjs/swagger';
import { FastifyReply, FastifyRequest } from 'fastify';
import { AdminAuthGuard, AdminPrincipal, CurrentAdmin, Roles } from '../../modules/identity';
import { RequestFourEyesCommand } from '../../modules/four-eyes';
import { DecideWithdrawalCommand, listWithdrawals, showWithdrawal, WITHDRAWALS_LIST } from '../../modules/wallet';
import { listResource } from '../../platform/http/list-resource';
import { adminMeta, DecisionEndpoints, found, fourEyesAnswer } from './admin-endpoints';

/** Members' withdrawals: every admin role reads them; an approver approves (into the GH queue) or rejects. */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('withdrawals')
@UseGuards(AdminAuthGuard)
export class AdminWithdrawalsController extends DecisionEndpoints(DecideWithdrawalCommand) {
  /**
   * An approval releases money into the GH queue: above the setting `fourEyesAboveRupees` it is a
   * four-eyes request (202) a second approver carries out; at or below it, or when the withdrawal is
   * unknown or already decided (404, 409), the direct decision answers.
   */
  @Post(':id/approve')
  @HttpCode(200)
  @Roles('approver')
  @ApiResponse({
    status: 202,
    description: "{ status: 'AwaitingSecondApproval', id }: above fourEyesAboveRupees (four-eyes)",
  })
  override approve(
    @Param('id') id: string,
    @CurrentAdmin() admin: AdminPrincipal,
    @Req() request: FastifyRequest,
    @Res() reply?: FastifyReply,
  ) {
    const approval = { withdrawal: id };
    return fourEyesAnswer(
      reply!,
      this.commands.execute(
        new RequestFourEyesCommand('ApproveWithdrawal', approval, admin, adminMeta(request, admin)),
      ),
    );
  }

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
