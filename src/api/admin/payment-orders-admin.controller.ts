import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CommandBus } from '@nestjs/cqrs';
import { FastifyReply, FastifyRequest } from 'fastify';
import { AdminAuthGuard, AdminPrincipal, CurrentAdmin, Roles } from '../../modules/identity';
import {
  listPaymentOrders,
  OrderChecks,
  OrderRow,
  PAYMENT_ORDERS_LIST,
  ResolveLatePaymentCommand,
} from '../../modules/payments';
import { Database } from '../../platform/db/database';
import { listResource } from '../../platform/http/list-resource';
import { adminMeta, found } from './admin-endpoints';
import { checkId, ResolveLateDto } from './payments-admin.dto';

const orderRecord = (o: OrderRow) => ({ id: o.clientid, ...o });

/** Gateway orders: every admin role reads them, an approver resolves a late payment or asks the gateway again. */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('payment-orders')
@UseGuards(AdminAuthGuard)
export class AdminPaymentOrdersController {
  constructor(
    private readonly db: Database,
    private readonly commands: CommandBus,
    private readonly orders: OrderChecks,
  ) {}

  @Get()
  @Roles('approver', 'support', 'auditor')
  listOrders(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) reply: FastifyReply) {
    return listResource(
      reply,
      'payment-orders',
      query,
      PAYMENT_ORDERS_LIST,
      (page) => listPaymentOrders(this.db, page),
      orderRecord,
    );
  }

  @Get(':clientid')
  @Roles('approver', 'support', 'auditor')
  async showOrder(@Param('clientid') clientid: string) {
    return orderRecord(await found(this.orders.find(checkId(clientid)), `No order ${clientid}`));
  }

  @Post(':clientid/resolve')
  @HttpCode(200)
  @Roles('approver')
  async resolve(
    @Param('clientid') clientid: string,
    @Body() body: ResolveLateDto,
    @CurrentAdmin() admin: AdminPrincipal,
    @Req() request: FastifyRequest,
  ) {
    return orderRecord(
      await this.commands.execute<ResolveLatePaymentCommand, OrderRow>(
        new ResolveLatePaymentCommand(
          checkId(clientid),
          body.decision,
          body.remark.trim(),
          admin.username,
          adminMeta(request, admin),
        ),
      ),
    );
  }

  /** "Re-check with gateway": the server asks the gateway about an open or expired order now (a late payment is recorded late, no e-pins). */
  @Post(':clientid/recheck')
  @HttpCode(200)
  @Roles('approver')
  async recheck(
    @Param('clientid') clientid: string,
    @CurrentAdmin() admin: AdminPrincipal,
    @Req() request: FastifyRequest,
  ) {
    const { order, gatewayState } = await this.orders.recheck(checkId(clientid), adminMeta(request, admin));
    return { ...orderRecord(order), gateway_state: gatewayState };
  }
}
