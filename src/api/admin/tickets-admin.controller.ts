import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { FastifyReply, FastifyRequest } from 'fastify';
import { AdminAuthGuard, AdminPrincipal, CurrentAdmin, Roles } from '../../modules/identity';
import { LedgerAuditService } from '../../modules/ledger-audit';
import { AnswerTicketCommand, listTickets, showTicket, TicketRecord, TICKETS_LIST } from '../../modules/support';
import { Database } from '../../platform/db/database';
import { listResource } from '../../platform/http/list-resource';
import { adminMeta, found } from './admin-endpoints';
import { TicketReplyDto } from './support-admin.dto';

/**
 * Members' help-desk tickets: support and approver answer (reply, close); the auditor reads them
 * with the free texts as tokens (a member's query may quote personal data, decision 0027).
 */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('tickets')
@UseGuards(AdminAuthGuard)
export class AdminTicketsController {
  constructor(
    private readonly db: Database,
    private readonly commands: CommandBus,
    private readonly audit: LedgerAuditService,
  ) {}

  private readerView(admin: AdminPrincipal) {
    const text = this.audit.textFor(admin.role);
    return <T extends TicketRecord>(ticket: T): T => ({
      ...ticket,
      query: text(ticket.query),
      reply: text(ticket.reply),
    });
  }

  @Get()
  @Roles('approver', 'support', 'auditor')
  list(
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) reply: FastifyReply,
    @CurrentAdmin() admin: AdminPrincipal,
  ) {
    const present = this.readerView(admin);
    return listResource(reply, 'tickets', query, TICKETS_LIST, (page) => listTickets(this.db, page), present);
  }

  @Get(':id')
  @Roles('approver', 'support', 'auditor')
  async show(@Param('id') id: string, @CurrentAdmin() admin: AdminPrincipal) {
    const ticket = await found(showTicket(this.db, id), `No ticket ${id}`);
    const text = this.audit.textFor(admin.role);
    return {
      ...this.readerView(admin)(ticket),
      history: ticket.history.map((h) => (h.text === undefined ? h : { ...h, text: text(h.text) })),
    };
  }

  @Post(':id/reply')
  @HttpCode(200)
  @Roles('approver', 'support')
  @ApiOperation({ summary: "Reply to a ticket that is not closed: { id, status: 'replied' }; closed → 409" })
  async replyTo(
    @Param('id') id: string,
    @Body() body: TicketReplyDto,
    @CurrentAdmin() admin: AdminPrincipal,
    @Req() request: FastifyRequest,
  ) {
    return this.commands.execute(
      new AnswerTicketCommand(id, 'reply', body.message, admin.username, adminMeta(request, admin)),
    );
  }

  @Post(':id/close')
  @HttpCode(200)
  @Roles('approver', 'support')
  @ApiOperation({ summary: "Close a ticket: { id, status: 'closed' }; already closed → 409" })
  async close(@Param('id') id: string, @CurrentAdmin() admin: AdminPrincipal, @Req() request: FastifyRequest) {
    return this.commands.execute(new AnswerTicketCommand(id, 'close', '', admin.username, adminMeta(request, admin)));
  }
}
