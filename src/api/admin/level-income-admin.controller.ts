import { Controller, Get, Query, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { FastifyReply } from 'fastify';
import { AdminAuthGuard, Roles } from '../../modules/identity';
import { LEVEL_INCOME_LIST, listLevelIncome } from '../../modules/income';
import { Database } from '../../platform/db/database';
import { listResource } from '../../platform/http/list-resource';

@ApiTags('admin')
@ApiBearerAuth()
@Controller('level-income')
@UseGuards(AdminAuthGuard)
@Roles('approver', 'support', 'auditor')
export class AdminLevelIncomeController {
  constructor(private readonly db: Database) {}

  @Get()
  levelIncome(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) reply: FastifyReply) {
    return listResource(reply, 'level-income', query, LEVEL_INCOME_LIST, (page) => listLevelIncome(this.db, page));
  }
}
