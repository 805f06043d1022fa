import { Controller, Get, Query, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { FastifyReply } from 'fastify';
import { AdminAuthGuard, Roles } from '../../modules/identity';
import { HELP_REQUESTS_LIST, listHelpRequests } from '../../modules/help';
import { Database } from '../../platform/db/database';
import { listResource } from '../../platform/http/list-resource';

@ApiTags('admin')
@ApiBearerAuth()
@Controller('help-requests')
@UseGuards(AdminAuthGuard)
@Roles('approver', 'support', 'auditor')
export class AdminHelpRequestsController {
  constructor(private readonly db: Database) {}

  @Get()
  helpRequests(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) reply: FastifyReply) {
    return listResource(reply, 'help-requests', query, HELP_REQUESTS_LIST, (page) => listHelpRequests(this.db, page));
  }
}
