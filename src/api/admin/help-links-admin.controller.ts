import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { FastifyReply, FastifyRequest } from 'fastify';
import {
  FLAGGED_UTRS_LIST,
  HELP_LINKS_LIST,
  listFlaggedUtrs,
  listHelpLinks,
  MatchByHandCommand,
  MatchingResult,
  QUEUE_ENTRIES_LIST,
  QueueQuery,
  ResolveLinkCommand,
  RunMatchingCommand,
  showHelpLink,
} from '../../modules/help';
import { AdminAuthGuard, AdminPrincipal, CurrentAdmin, Roles } from '../../modules/identity';
import { Database } from '../../platform/db/database';
import { listResource } from '../../platform/http/list-resource';
import { formatRupees } from '../../platform/money';
import { adminMeta, ReadEndpoints } from './admin-endpoints';
import { ManualMatchDto, ResolveLinkDto } from './help-admin.dto';

/** Help links: every admin role reads them with their history; an approver matches by hand and resolves disputes. */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('help-links')
@UseGuards(AdminAuthGuard)
export class AdminHelpLinksController extends ReadEndpoints({
  resource: 'help-links',
  shape: HELP_LINKS_LIST,
  list: listHelpLinks,
  show: showHelpLink,
  notFound: (id) => `No help link ${id}`,
}) {
  @Post()
  @HttpCode(200)
  @Roles('approver')
  @ApiOperation({ summary: 'Match by hand: link a PH entry to a GH entry for whole rupees' })
  async create(@Body() body: ManualMatchDto, @CurrentAdmin() admin: AdminPrincipal, @Req() request: FastifyRequest) {
    const made: { id: string } = await this.commands.execute(
      new MatchByHandCommand(
        body.phEntryId,
        body.ghEntryId,
        BigInt(body.amountRupees) * 100n,
        adminMeta(request, admin),
      ),
    );
    const link = await showHelpLink(this.db, made.id);
    return link ?? made;
  }

  @Post(':id/resolve')
  @HttpCode(200)
  @Roles('approver')
  @ApiOperation({
    summary: 'Resolve a disputed (or paid, or held-cancelled) link: received, or cancel (amounts returned)',
  })
  resolve(
    @Param('id') id: string,
    @Body() body: ResolveLinkDto,
    @CurrentAdmin() admin: AdminPrincipal,
    @Req() request: FastifyRequest,
  ) {
    return this.commands.execute(
      new ResolveLinkCommand(id, body.outcome, body.remark, admin.username, adminMeta(request, admin)),
    );
  }
}

/** The PH and GH queues (`queue-entries`, oldest first) and their totals. */
@ApiTags('admin')
@ApiBearerAuth()
@Controller()
@UseGuards(AdminAuthGuard)
export class AdminQueueEntriesController {
  constructor(
    private readonly queue: QueueQuery,
    private readonly commands: CommandBus,
  ) {}

  @Get('queue-entries')
  @Roles('approver', 'support', 'auditor')
  list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) reply: FastifyReply) {
    return listResource(reply, 'queue-entries', query, QUEUE_ENTRIES_LIST, (page) => this.queue.list(page));
  }

  @Get('queue-totals')
  @Roles('approver', 'support', 'auditor')
  @ApiOperation({ summary: '{ PH: { count, amountRupees }, GH: { count, amountRupees } } of what waits unmatched' })
  totals() {
    return this.queue.totals();
  }

  @Post('matching/run')
  @HttpCode(200)
  @Roles('approver')
  @ApiOperation({ summary: 'Run matching now: { links, amountRupees, busy } (busy: another run held the lock)' })
  async run(@CurrentAdmin() admin: AdminPrincipal, @Req() request: FastifyRequest) {
    const result: MatchingResult = await this.commands.execute(new RunMatchingCommand(adminMeta(request, admin)));
    return { links: result.links, amountRupees: formatRupees(result.amountPaise), busy: result.busy };
  }
}

/** Attempts to reuse a UTR, for admins to look into. */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('flagged-utrs')
@UseGuards(AdminAuthGuard)
@Roles('approver', 'support', 'auditor')
export class AdminFlaggedUtrsController {
  constructor(private readonly db: Database) {}

  @Get()
  list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) reply: FastifyReply) {
    return listResource(reply, 'flagged-utrs', query, FLAGGED_UTRS_LIST, (page) => listFlaggedUtrs(this.db, page));
  }
}
