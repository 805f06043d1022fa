import { Controller, Get, Param, Query, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { FastifyReply } from 'fastify';
import { AdminAuthGuard, Roles } from '../../modules/identity';
import { DecideHelpRequestCommand, HELP_REQUESTS_LIST, listHelpRequests, showHelpRequest } from '../../modules/help';
import { listResource } from '../../platform/http/list-resource';
import { DecisionEndpoints, found } from './admin-endpoints';

/** Members' help requests: every admin role reads them; an approver approves (into the PH queue) or rejects. */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('help-requests')
@UseGuards(AdminAuthGuard)
export class AdminHelpRequestsController extends DecisionEndpoints(DecideHelpRequestCommand) {
  @Get()
  @Roles('approver', 'support', 'auditor')
  helpRequests(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) reply: FastifyReply) {
    return listResource(reply, 'help-requests', query, HELP_REQUESTS_LIST, (page) => listHelpRequests(this.db, page));
  }

  @Get(':id')
  @Roles('approver', 'support', 'auditor')
  show(@Param('id') id: string) {
    return found(showHelpRequest(this.db, id), `No help request ${id}`);
  }
}
