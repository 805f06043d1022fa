import {
  BadRequestException,
  Body,
  Controller,
  ForbiddenException,
  Get,
  HttpCode,
  Inject,
  NotFoundException,
  Post,
  Query,
  Req,
  UnauthorizedException,
  UseGuards,
} from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { FastifyRequest } from 'fastify';
import { EPIN_TYPE_BY_LABEL } from '../../modules/epins';
import { CurrentMember, MemberAuthGuard, MemberPrincipal, MemberReadCall } from '../../modules/identity';
import { MoneyPost } from './money-post';
import {
  CreateOrderCommand,
  DepositResult,
  FundRequestHistoryQuery,
  ipnSignatureValid,
  memberOption,
  OpenOrderCommand,
  OrderChecks,
  orderStatusAnswer,
  PAY_MSG,
  PaymentOptionsService,
  PaymentsConfig,
  PAYMENTS_CONFIG,
  SubmitBankRequestCommand,
} from '../../modules/payments';
import { errorBody } from '../../platform/http/error-body';
import { metadataFrom } from '../../platform/http/request-context';
import { memberMetadata } from './member-metadata';
import {
  BankDetailsQuery,
  DepositDto,
  FundRequestBankDto,
  FundRequestHistoryDto,
  GenerateOrderDto,
  PaymentStatusDto,
  UpdatePaymentStatusDto,
} from './payments.dto';

/** A uid (or username) in a payload that differs from the token's is refused: identity comes from the JWT. */
function sameMember(member: MemberPrincipal, ...claimed: Array<string | null | undefined>): void {
  for (const c of claimed)
    if (typeof c === 'string' && c.trim() !== '' && c.trim() !== member.uid)
      throw new ForbiddenException(errorBody(403, 'Access denied for this user id'));
}

/** Payments of the member contract: payment options and quote, bank/QR requests, USDT and UPI gateway orders. */
@ApiTags('member')
@ApiBearerAuth()
@Controller()
@UseGuards(MemberAuthGuard)
export class MemberPaymentsController {
  constructor(
    private readonly options: PaymentOptionsService,
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly checks: OrderChecks,
  ) {}

  @Get('adminBankDetailsByBankid')
  @ApiOperation({
    summary:
      'type 1: enabled payment options [rows]; 9: one option [[row]]; 10: quote [[{requestpin_amount, discount_amount, discount_rate, amount1}]] (id = quantity, amount = epin type)',
  })
  async bankDetails(@Query() query: BankDetailsQuery) {
    if (query.type === '1') return (await this.options.enabled()).map(memberOption);
    if (query.type === '9') {
      const option = query.id ? await this.options.find(query.id.trim()) : undefined;
      return [option && !option.disabled ? [memberOption(option)] : []];
    }
    const qty = (query.id ?? '').trim();
    if (!/^\d{0,5}$/.test(qty) || Number(qty) > 500) throw new BadRequestException(errorBody(400, PAY_MSG.badQty));
    const epinType = EPIN_TYPE_BY_LABEL[(query.amount ?? '').trim()];
    if (!epinType) throw new BadRequestException(errorBody(400, PAY_MSG.enterEpinType));
    return [[await this.options.quote(epinType, Number(qty || '0'))]];
  }

  @MoneyPost('FundRequestBank', { jsonText: true })
  @ApiOperation({
    summary: "Request e-pins paid to an admin bank/QR option: 'success' or the reason (checked in the spec's order)",
  })
  async fundRequestBank(
    @Body() body: FundRequestBankDto,
    @CurrentMember() member: MemberPrincipal,
    @Req() request: FastifyRequest,
  ): Promise<string> {
    sameMember(member, body.uid);
    return JSON.stringify(
      await this.commands.execute<SubmitBankRequestCommand, string>(
        new SubmitBankRequestCommand(member.uid, body, memberMetadata(request, member)),
      ),
    );
  }

  @Post('FundRequestHistory')
  @MemberReadCall()
  @HttpCode(200)
  @ApiOperation({ summary: 'action 7 bank/QR requests, 11 online (USDT) orders, 12 gateway (UPI) orders: [rows]' })
  async history(@Body() body: FundRequestHistoryDto, @CurrentMember() member: MemberPrincipal) {
    sameMember(member, body.uid);
    return [await this.queries.execute(new FundRequestHistoryQuery(member.uid, body.action))];
  }

  @MoneyPost('genarateOrderIdNPayTRC')
  async orderCrypto(
    @Body() body: GenerateOrderDto,
    @CurrentMember() member: MemberPrincipal,
    @Req() request: FastifyRequest,
  ) {
    return this.createOrder('crypto', body, member, request);
  }

  @MoneyPost('depositByNowPayTRC')
  @ApiOperation({
    summary:
      'Opens the USDT (BEP-20) payment: {success, data: pay address}; the USDT amount is net INR / rate, computed here',
  })
  async depositCrypto(
    @Body() body: DepositDto,
    @CurrentMember() member: MemberPrincipal,
    @Req() request: FastifyRequest,
  ) {
    sameMember(member, body.username);
    const result = await this.commands.execute<OpenOrderCommand, DepositResult>(
      new OpenOrderCommand(member.uid, 'crypto', body, memberMetadata(request, member)),
    );
    if (!result.ok) return { success: false, data: result.message };
    return {
      success: true,
      data: result.order.pay_address,
      amount: result.order.pay_amount,
      clientid: result.order.clientid,
      expiresAt: result.order.expires_at,
    };
  }

  @MoneyPost('genarateOrderIdPayatupi')
  async orderUpi(
    @Body() body: GenerateOrderDto,
    @CurrentMember() member: MemberPrincipal,
    @Req() request: FastifyRequest,
  ) {
    return this.createOrder('upi', body, member, request);
  }

  @MoneyPost('depositByPayatupi')
  @ApiOperation({
    summary:
      'Opens the UPI payment: {data: {message: Success}, qrCodeImage: data URL of upi://pay?…} (QR drawn locally)',
  })
  async depositUpi(@Body() body: DepositDto, @CurrentMember() member: MemberPrincipal, @Req() request: FastifyRequest) {
    sameMember(member, body.username);
    const result = await this.commands.execute<OpenOrderCommand, DepositResult>(
      new OpenOrderCommand(member.uid, 'upi', body, memberMetadata(request, member)),
    );
    if (!result.ok) return { data: { message: result.message } };
    return {
      data: { message: 'Success', upiUrl: result.upiUrl },
      qrCodeImage: result.qrCodeImage,
      amount: result.order.pay_amount,
      clientid: result.order.clientid,
      expiresAt: result.order.expires_at,
    };
  }

  @Post('checkPaymentStatus')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "The server asks the gateway itself; {data: {message, status_id, data: {utr}}}; 'Response Received' with status_id 1 once paid",
  })
  async checkStatus(
    @Body() body: PaymentStatusDto,
    @CurrentMember() member: MemberPrincipal,
    @Req() request: FastifyRequest,
  ) {
    return orderStatusAnswer(
      await this.checks.check(member.uid, (body.clientid ?? '').trim(), memberMetadata(request, member)),
    );
  }

  @MoneyPost('updatePaymentStatus')
  @ApiOperation({
    summary:
      "Accepted for compatibility: the client's message and utr are ignored; it only triggers the same server-side status check",
  })
  async updateStatus(
    @Body() body: UpdatePaymentStatusDto,
    @CurrentMember() member: MemberPrincipal,
    @Req() request: FastifyRequest,
  ) {
    sameMember(member, body.uid);
    return orderStatusAnswer(
      await this.checks.check(member.uid, (body.clientid ?? '').trim(), memberMetadata(request, member)),
    );
  }

  /** `genarateOrderId…`: a new order id of the gateway for the caller. */
  private async createOrder(
    gateway: 'crypto' | 'upi',
    body: GenerateOrderDto,
    member: MemberPrincipal,
    request: FastifyRequest,
  ) {
    sameMember(member, body.username);
    return {
      result: PAY_MSG.orderSuccess,
      clientid: await this.commands.execute<CreateOrderCommand, string>(
        new CreateOrderCommand(member.uid, gateway, body.amount ?? '', memberMetadata(request, member)),
      ),
    };
  }
}

/** The crypto gateway's IPN: no JWT; the HMAC-SHA512 signature over the sorted JSON body is the authentication. */
@ApiTags('member')
@Controller('payments')
export class PaymentCallbacksController {
  constructor(
    private readonly orders: OrderChecks,
    @Inject(PAYMENTS_CONFIG) private readonly config: PaymentsConfig,
  ) {}

  @Post('crypto/callback')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'NowPayments-style IPN, header x-nowpayments-sig = HMAC-SHA512(secret, sorted JSON body); bad signature → 401, nothing written; a valid one makes the server ask the gateway for the order status',
  })
  async cryptoCallback(@Req() request: FastifyRequest) {
    const body = request.body;
    if (!body || typeof body !== 'object' || Array.isArray(body))
      throw new UnauthorizedException(errorBody(401, 'Invalid signature'));
    if (!ipnSignatureValid(this.config.ipnSecret, body, request.headers['x-nowpayments-sig']))
      throw new UnauthorizedException(errorBody(401, 'Invalid signature'));
    const ipn = body as Record<string, unknown>;
    const clientid = typeof ipn.order_id === 'string' ? ipn.order_id : '';
    const order = clientid ? await this.orders.find(clientid) : undefined;
    if (!order || order.kind !== 'crypto') throw new NotFoundException(errorBody(404, 'Unknown order'));
    // A valid signature says the gateway sent this; what it claims is still confirmed with the gateway
    // itself, so even a leaked secret cannot turn an unpaid order into e-pins.
    const status = await this.orders.gateway('crypto').status(clientid, order.gateway_ref ?? '');
    return {
      ok: true,
      status: await this.orders.settle(
        clientid,
        status,
        metadataFrom(request, { kind: 'system', id: 'crypto-gateway' }),
      ),
    };
  }
}
