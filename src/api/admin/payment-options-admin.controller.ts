import {
  BadRequestException,
  Body,
  Controller,
  Get,
  HttpCode,
  Param,
  Post,
  Put,
  Query,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { FastifyReply, FastifyRequest } from 'fastify';
import { AdminAuthGuard, AdminPrincipal, CurrentAdmin, Roles } from '../../modules/identity';
import {
  adminOption,
  listPaymentOptions,
  PAYMENT_OPTIONS_LIST,
  PaymentOptionFields,
  PaymentOptionsService,
} from '../../modules/payments';
import { Database } from '../../platform/db/database';
import { errorBody } from '../../platform/http/error-body';
import { listResource } from '../../platform/http/list-resource';
import { adminMeta, found } from './admin-endpoints';
import { checkId, IFSC, PaymentOptionDto } from './payments-admin.dto';

function fieldsOf(body: PaymentOptionDto): PaymentOptionFields {
  const ifsc = (body.ifsc ?? '').trim().toUpperCase();
  if (body.type === 'Bank' && !IFSC.test(ifsc))
    throw new BadRequestException(errorBody(400, 'IFSC must be 11 characters like ABCD0123456'));
  if (body.type === 'QR' && ifsc && !IFSC.test(ifsc))
    throw new BadRequestException(errorBody(400, 'IFSC must be 11 characters like ABCD0123456'));
  if (body.type === 'QR' && !body.imglink)
    throw new BadRequestException(errorBody(400, 'imglink (the QR image link) is required for a QR option'));
  return {
    type: body.type,
    bankName: body.Bank_Name.trim(),
    holder: body.acholdername.trim(),
    address: body.btcaddress.trim(),
    ifsc,
    branch: (body.Branch ?? '').trim(),
    imglink: body.imglink ?? '',
  };
}

/** The accounts members pay into: every admin role reads them, only a superadmin creates or edits one. */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('payment-options')
@UseGuards(AdminAuthGuard)
export class AdminPaymentOptionsController {
  constructor(
    private readonly db: Database,
    private readonly options: PaymentOptionsService,
  ) {}

  @Get()
  @Roles('approver', 'support', 'auditor')
  listOptions(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) reply: FastifyReply) {
    return listResource(
      reply,
      'payment-options',
      query,
      PAYMENT_OPTIONS_LIST,
      (page) => listPaymentOptions(this.db, page),
      adminOption,
    );
  }

  @Get(':id')
  @Roles('approver', 'support', 'auditor')
  async showOption(@Param('id') id: string) {
    return adminOption(await found(this.options.find(checkId(id)), `No payment option ${id}`));
  }

  @Post()
  @HttpCode(201)
  @Roles()
  async createOption(
    @Body() body: PaymentOptionDto,
    @CurrentAdmin() admin: AdminPrincipal,
    @Req() request: FastifyRequest,
  ) {
    const meta = adminMeta(request, admin);
    return adminOption(await this.options.create(fieldsOf(body), meta, body.disabled === true));
  }

  @Put(':id')
  @Roles()
  async updateOption(
    @Param('id') id: string,
    @Body() body: PaymentOptionDto,
    @CurrentAdmin() admin: AdminPrincipal,
    @Req() request: FastifyRequest,
  ) {
    return adminOption(
      await this.options.update(checkId(id), fieldsOf(body), body.disabled, adminMeta(request, admin)),
    );
  }
}
