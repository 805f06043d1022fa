import { Controller, Get, HttpCode, Param, Post, Query, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { FastifyReply } from 'fastify';
import { AdminAuthGuard, Roles } from '../../modules/identity';
import { DoubleOrderRow, GatewayDouble } from '../../modules/payments';
import { ListShape } from '../../platform/db/page';
import { listResource } from '../../platform/http/list-resource';
import { checkId } from './payments-admin.dto';

const DOUBLE_ORDERS_LIST: ListShape = {
  sortable: ['created_at'],
  key: 'created_at',
  defaultSort: ['created_at', 'DESC'],
  filters: {},
};

const doubleRecord = (row: DoubleOrderRow) => ({ ...row, id: row.order_ref, gateway_id: row.id });

/** The local payment gateway double's orders (development and tests): mark one paid or expired as the gateway would. */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('payment-double')
@UseGuards(AdminAuthGuard)
export class AdminPaymentDoubleController {
  constructor(private readonly double: GatewayDouble) {}

  @Get('orders')
  @Roles('approver', 'support')
  doubleOrders(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) reply: FastifyReply) {
    // The double lists its orders newest first only: `id` and `created_at` both sort that way.
    return listResource(
      reply,
      'payment-double/orders',
      query,
      DOUBLE_ORDERS_LIST,
      (page) => this.double.list(page.limit, page.offset),
      doubleRecord,
    );
  }

  @Post('orders/:clientid/mark-paid')
  @HttpCode(200)
  @Roles('approver')
  async markPaid(@Param('clientid') clientid: string) {
    const { row, callback } = await this.double.markPaid(checkId(clientid));
    return { ...doubleRecord(row), callback };
  }

  @Post('orders/:clientid/expire')
  @HttpCode(200)
  @Roles('approver')
  async expire(@Param('clientid') clientid: string) {
    const { row, callback } = await this.double.expire(checkId(clientid));
    return { ...doubleRecord(row), callback };
  }
}
