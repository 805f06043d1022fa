import { BadRequestException, Body, Controller, Get, HttpCode, NotFoundException, Param, Post, Put, Query, Req, Res, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { FastifyReply, FastifyRequest } from 'fastify';
import { AdminAuthGuard, AdminPrincipal, CurrentAdmin, Roles } from '../../modules/identity/auth/admin-auth';
import {
  adminOption,
  BankRequestDecided,
  DecideBankRequestCommand,
  EpinRequestRow,
  GatewayDouble,
  OPTION_COLUMNS,
  OptionRow,
  ORDER_COLUMNS,
  OrderChecks,
  OrderRow,
  PaymentOptionFields,
  PaymentOptionsService,
  REQUEST_COLUMNS,
  ResolveLatePaymentCommand,
} from '../../modules/payments';
import { Database } from '../../platform/db/database';
import { errorBody } from '../../platform/http/error-body';
import { contentRange, filterText, parseListQuery } from '../../platform/http/list-query';
import { metadataFrom } from '../../platform/http/request-context';
import { IFSC, PaymentOptionDto, RejectDto, ResolveLateDto } from './payments-admin.dto';

const ID = /^[A-Za-z0-9]{1,40}$/;
const checkId = (id: string) => {
  if (!ID.test(id)) throw new NotFoundException(errorBody(404, 'Not found'));
  return id;
};

function fieldsOf(body: PaymentOptionDto): PaymentOptionFields {
  const ifsc = (body.ifsc ?? '').trim().toUpperCase();
  if (body.type === 'Bank' && !IFSC.test(ifsc)) throw new BadRequestException(errorBody(400, 'IFSC must be 11 characters like ABCD0123456'));
  if (body.type === 'QR' && ifsc && !IFSC.test(ifsc)) throw new BadRequestException(errorBody(400, 'IFSC must be 11 characters like ABCD0123456'));
  if (body.type === 'QR' && !body.imglink) throw new BadRequestException(errorBody(400, 'imglink (the QR image link) is required for a QR option'));
  return { type: body.type, bankName: body.Bank_Name.trim(), holder: body.acholdername.trim(), address: body.btcaddress.trim(), ifsc, branch: (body.Branch ?? '').trim(), imglink: body.imglink ?? '' };
}

function where(filter: Record<string, unknown>, columns: Record<string, string>, params: unknown[]): string {
  const parts: string[] = [];
  for (const [key, column] of Object.entries(columns)) {
    const value = filterText(filter, key);
    if (value === undefined) continue;
    params.push(value);
    parts.push(`${column} = $${params.length}`);
  }
  return parts.length ? `where ${parts.join(' and ')}` : '';
}

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

const orderRecord = (o: OrderRow) => ({ id: o.clientid, ...o });

/** Admin resources of payments: options, bank/QR requests (approve/reject), gateway orders (late payments), the gateway double. */
@ApiTags('admin')
@ApiBearerAuth()
@Controller()
@UseGuards(AdminAuthGuard)
export class AdminPaymentsController {
  constructor(
    private readonly db: Database,
    private readonly options: PaymentOptionsService,
    private readonly commands: CommandBus,
    private readonly orders: OrderChecks,
    private readonly double: GatewayDouble,
  ) {}

  @Get('payment-options')
  @Roles('approver', 'support', 'auditor')
  async listOptions(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) reply: FastifyReply) {
    const q = parseListQuery(query, ['id', 'type', 'bank_name', 'created_at', 'disabled'], ['created_at', 'ASC']);
    const params: unknown[] = [];
    const clause = where(q.filter, { type: 'type', disabled: 'disabled::text' }, params);
    const [{ total }] = await this.db.query<{ total: number }>(`select count(*)::int as total from payment_options ${clause}`, params);
    const rows = await this.db.query<OptionRow>(`select ${OPTION_COLUMNS} from payment_options ${clause} order by ${q.sortField} ${q.descending ? 'desc' : 'asc'}, id limit ${q.limit} offset ${q.offset}`, params);
    void reply.header('Content-Range', contentRange('payment-options', q, rows.length, total));
    return rows.map(adminOption);
  }

  @Get('payment-options/:id')
  @Roles('approver', 'support', 'auditor')
  async showOption(@Param('id') id: string) {
    const row = await this.options.find(checkId(id));
    if (!row) throw new NotFoundException(errorBody(404, `No payment option ${id}`));
    return adminOption(row);
  }

  @Post('payment-options')
  @HttpCode(201)
  @Roles()
  async createOption(@Body() body: PaymentOptionDto, @CurrentAdmin() admin: AdminPrincipal, @Req() request: FastifyRequest) {
    const meta = metadataFrom(request, { kind: 'admin', id: admin.username });
    return adminOption(await this.options.create(fieldsOf(body), meta, body.disabled === true));
  }

  @Put('payment-options/:id')
  @Roles()
  async updateOption(@Param('id') id: string, @Body() body: PaymentOptionDto, @CurrentAdmin() admin: AdminPrincipal, @Req() request: FastifyRequest) {
    return adminOption(await this.options.update(checkId(id), fieldsOf(body), body.disabled, metadataFrom(request, { kind: 'admin', id: admin.username })));
  }

  @Get('epin-requests')
  @Roles('approver', 'support', 'auditor')
  async listRequests(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) reply: FastifyReply) {
    const q = parseListQuery(query, ['requested_at', 'uid', 'status', 'decided_at', 'qty'], ['requested_at', 'DESC']);
    const params: unknown[] = [];
    const clause = where(q.filter, { status: 'status', uid: 'uid', utrno: 'utrno', epin_type: 'epin_type' }, params);
    const [{ total }] = await this.db.query<{ total: number }>(`select count(*)::int as total from epin_requests ${clause}`, params);
    const rows = await this.db.query<EpinRequestRow>(`select ${REQUEST_COLUMNS} from epin_requests ${clause} order by ${q.sortField} ${q.descending ? 'desc' : 'asc'}, id limit ${q.limit} offset ${q.offset}`, params);
    void reply.header('Content-Range', contentRange('epin-requests', q, rows.length, total));
    return rows.map(requestRecord);
  }

  @Get('epin-requests/:id')
  @Roles('approver', 'support', 'auditor')
  async showRequest(@Param('id') id: string) {
    const [row] = await this.db.query<EpinRequestRow>(`select ${REQUEST_COLUMNS} from epin_requests where id = $1`, [checkId(id)]);
    if (!row) throw new NotFoundException(errorBody(404, `No e-pin request ${id}`));
    return requestRecord(row);
  }

  @Post('epin-requests/:id/approve')
  @HttpCode(200)
  @Roles('approver')
  approve(@Param('id') id: string, @CurrentAdmin() admin: AdminPrincipal, @Req() request: FastifyRequest) {
    return this.commands.execute<DecideBankRequestCommand, BankRequestDecided>(new DecideBankRequestCommand(checkId(id), 'approve', '', admin.username, metadataFrom(request, { kind: 'admin', id: admin.username })));
  }

  @Post('epin-requests/:id/reject')
  @HttpCode(200)
  @Roles('approver')
  reject(@Param('id') id: string, @Body() body: RejectDto, @CurrentAdmin() admin: AdminPrincipal, @Req() request: FastifyRequest) {
    return this.commands.execute<DecideBankRequestCommand, BankRequestDecided>(new DecideBankRequestCommand(checkId(id), 'reject', body.remark.trim(), admin.username, metadataFrom(request, { kind: 'admin', id: admin.username })));
  }

  @Get('payment-orders')
  @Roles('approver', 'support', 'auditor')
  async listOrders(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) reply: FastifyReply) {
    const q = parseListQuery(query, ['created_at', 'uid', 'status', 'kind', 'paid_at'], ['created_at', 'DESC']);
    const params: unknown[] = [];
    const clause = where(q.filter, { status: 'status', kind: 'kind', uid: 'uid' }, params);
    const [{ total }] = await this.db.query<{ total: number }>(`select count(*)::int as total from payment_orders ${clause}`, params);
    const rows = await this.db.query<OrderRow>(`select ${ORDER_COLUMNS} from payment_orders ${clause} order by ${q.sortField} ${q.descending ? 'desc' : 'asc'}, clientid limit ${q.limit} offset ${q.offset}`, params);
    void reply.header('Content-Range', contentRange('payment-orders', q, rows.length, total));
    return rows.map(orderRecord);
  }

  @Get('payment-orders/:clientid')
  @Roles('approver', 'support', 'auditor')
  async showOrder(@Param('clientid') clientid: string) {
    const row = await this.orders.find(checkId(clientid));
    if (!row) throw new NotFoundException(errorBody(404, `No order ${clientid}`));
    return orderRecord(row);
  }

  @Post('payment-orders/:clientid/resolve')
  @HttpCode(200)
  @Roles('approver')
  async resolve(@Param('clientid') clientid: string, @Body() body: ResolveLateDto, @CurrentAdmin() admin: AdminPrincipal, @Req() request: FastifyRequest) {
    return orderRecord(await this.commands.execute<ResolveLatePaymentCommand, OrderRow>(new ResolveLatePaymentCommand(checkId(clientid), body.decision, body.remark.trim(), admin.username, metadataFrom(request, { kind: 'admin', id: admin.username }))));
  }

  /** "Re-check with gateway": the server asks the gateway about an open or expired order now (a late payment is recorded late, no e-pins). */
  @Post('payment-orders/:clientid/recheck')
  @HttpCode(200)
  @Roles('approver')
  async recheck(@Param('clientid') clientid: string, @CurrentAdmin() admin: AdminPrincipal, @Req() request: FastifyRequest) {
    const { order, gatewayState } = await this.orders.recheck(checkId(clientid), metadataFrom(request, { kind: 'admin', id: admin.username }));
    return { ...orderRecord(order), gateway_state: gatewayState };
  }

  @Get('payment-double/orders')
  @Roles('approver', 'support')
  async doubleOrders(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) reply: FastifyReply) {
    const q = parseListQuery(query, ['created_at'], ['created_at', 'DESC']);
    const { rows, total } = await this.double.list(q.limit, q.offset);
    void reply.header('Content-Range', contentRange('payment-double/orders', q, rows.length, total));
    return rows.map((r) => ({ ...r, id: r.order_ref, gateway_id: r.id }));
  }

  @Post('payment-double/orders/:clientid/mark-paid')
  @HttpCode(200)
  @Roles('approver')
  async markPaid(@Param('clientid') clientid: string) {
    const { row, callback } = await this.double.markPaid(checkId(clientid));
    return { ...row, id: row.order_ref, gateway_id: row.id, callback };
  }

  @Post('payment-double/orders/:clientid/expire')
  @HttpCode(200)
  @Roles('approver')
  async expire(@Param('clientid') clientid: string) {
    const { row, callback } = await this.double.expire(checkId(clientid));
    return { ...row, id: row.order_ref, gateway_id: row.id, callback };
  }
}
