import { Body, Controller, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { FastifyRequest } from 'fastify';
import { DecideFourEyesCommand, FOUR_EYES_LIST, listFourEyes, showFourEyes } from '../../modules/four-eyes';
import { AdminAuthGuard, AdminPrincipal, CurrentAdmin, Roles } from '../../modules/identity';
import { adminMeta, ReadEndpoints } from './admin-endpoints';
import { ReasonDto } from './admin.dto';

/**
 * Requests waiting for a second admin (decision 0034): every admin role reads them; an approver or
 * superadmin decides, each action needing a role that may make its call (the handler checks which).
 */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('four-eyes')
@UseGuards(AdminAuthGuard)
export class AdminFourEyesController extends ReadEndpoints({
  resource: 'four-eyes',
  shape: FOUR_EYES_LIST,
  list: listFourEyes,
  show: showFourEyes,
  notFound: (id) => `No four-eyes request ${id}`,
}) {
  @Post(':id/approve')
  @HttpCode(200)
  @Roles('approver')
  approve(@Param('id') id: string, @CurrentAdmin() admin: AdminPrincipal, @Req() request: FastifyRequest) {
    return this.commands.execute(new DecideFourEyesCommand(id, 'approve', '', admin, adminMeta(request, admin)));
  }

  @Post(':id/reject')
  @HttpCode(200)
  @Roles('approver')
  reject(
    @Param('id') id: string,
    @Body() body: ReasonDto,
    @CurrentAdmin() admin: AdminPrincipal,
    @Req() request: FastifyRequest,
  ) {
    return this.commands.execute(
      new DecideFourEyesCommand(id, 'reject', body.reason.trim(), admin, adminMeta(request, admin)),
    );
  }
}
