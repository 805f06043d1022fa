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
import {
  BankRequestDecided,
  DecideBankRequestCommand,
  EPIN_REQUESTS_LIST,
  EpinRequestRow,
  listEpinRequests,
  showEpinRequest,
} from '../../modules/payments';
import { Database } from '../../platform/db/database';
import { errorBody } from '../../platform/http/error-body';
import { listResource } from '../../platform/http/list-resource';
import { metadataFrom } from '../../platform/http/request-context';
import { checkId, RejectDto } from './payments-admin.dto';

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
export class AdminEpinRequestsController {
  constructor(
    private readonly db: Database,
    private readonly commands: CommandBus,
  ) {}

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
    const row = await showEpinRequest(this.db, checkId(id));
    if (!row) throw new NotFoundException(errorBody(404, `No e-pin request ${id}`));
    return requestRecord(row);
  }

  @Post(':id/approve')
  @HttpCode(200)
  @Roles('approver')
  approve(@Param('id') id: string, @CurrentAdmin() admin: AdminPrincipal, @Req() request: FastifyRequest) {
    return this.commands.execute<DecideBankRequestCommand, BankRequestDecided>(
      new DecideBankRequestCommand(
        checkId(id),
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
    return this.commands.execute<DecideBankRequestCommand, BankRequestDecided>(
      new DecideBankRequestCommand(
        checkId(id),
        'reject',
        body.remark.trim(),
        admin.username,
        metadataFrom(request, { kind: 'admin', id: admin.username }),
      ),
    );
  }
}
