import { Controller, Get, Param, Query, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { FastifyReply } from 'fastify';
import { AdminAuthGuard, Roles } from '../../modules/identity';
import {
  DecideBankRequestCommand,
  EPIN_REQUESTS_LIST,
  EpinRequestRow,
  listEpinRequests,
  showEpinRequest,
} from '../../modules/payments';
import { listResource } from '../../platform/http/list-resource';
import { DecisionEndpoints, found } from './admin-endpoints';
import { checkId } from './payments-admin.dto';

const requestRecord = (r: EpinRequestRow) => ({
  id: r.id,
  uid: r.uid,
  option_id: r.option_id,
  payment_type: r.option_type,
  bank_name: r.bank_name,
  accountnumber: r.address,
  utrno: r.utrno,
  epin_type: r.epin_type,
  qty: r.qty,
  usertype: r.usertype,
  client_amount: r.client_amount,
  amount_paise: r.amount_paise,
  discount_rate_bp: r.discount_rate_bp,
  discount_paise: r.discount_paise,
  net_paise: r.net_paise,
  status: r.status,
  remark: r.remark,
  requested_at: r.requested_at,
  decided_at: r.decided_at,
  decided_by: r.decided_by,
});

/** Members' bank/QR e-pin requests: every admin role reads them, an approver approves or rejects. */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('epin-requests')
@UseGuards(AdminAuthGuard)
export class AdminEpinRequestsController extends DecisionEndpoints(DecideBankRequestCommand, checkId) {
  @Get()
  @Roles('approver', 'support', 'auditor')
  listRequests(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) reply: FastifyReply) {
    return listResource(
      reply,
      'epin-requests',
      query,
      EPIN_REQUESTS_LIST,
      (page) => listEpinRequests(this.db, page),
      requestRecord,
    );
  }

  @Get(':id')
  @Roles('approver', 'support', 'auditor')
  async showRequest(@Param('id') id: string) {
    return requestRecord(await found(showEpinRequest(this.db, checkId(id)), `No e-pin request ${id}`));
  }
}
