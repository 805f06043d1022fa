import { Controller, Get, NotFoundException, Param, Query, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { FastifyReply } from 'fastify';
import { AdminAuthGuard, Roles } from '../../modules/identity';
import { Database } from '../../platform/db/database';
import { errorBody } from '../../platform/http/error-body';
import { listResource } from '../../platform/http/list-resource';
import { listMails, MAILS_LIST, showMail } from '../../platform/mail/mails.query';

/**
 * Outgoing mail, as the worker sent it (with the local catcher, the only place a dev mail is seen).
 * Superadmin only, and link tokens are masked: a mail's reader must not be able to take over the
 * addressee's account with its reset link.
 */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('mails')
@UseGuards(AdminAuthGuard)
@Roles()
export class AdminMailsController {
  constructor(private readonly db: Database) {}

  @Get()
  list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) reply: FastifyReply) {
    return listResource(reply, 'mails', query, MAILS_LIST, (page) => listMails(this.db, page));
  }

  @Get(':id')
  async show(@Param('id') id: string) {
    const row = /^\d{1,18}$/.test(id) ? await showMail(this.db, id) : null;
    if (!row) throw new NotFoundException(errorBody(404, `Mail ${id} does not exist`));
    return row;
  }
}
