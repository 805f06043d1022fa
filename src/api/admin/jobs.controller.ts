import { Controller, Get, HttpCode, Param, Post, Query, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { FastifyReply } from 'fastify';
import { AdminAuthGuard, AdminPrincipal, CurrentAdmin, Roles } from '../../modules/identity/auth/admin-auth';
import { LedgerAuditService } from '../../modules/ledger-audit/ledger-audit.service';
import { JobMonitor } from '../../platform/jobs/job-monitor';
import { contentRange, filterText, parseListQuery } from '../../platform/http/list-query';

/**
 * The worker's queues and their failed jobs, for every admin role; only a superadmin retries. The
 * auditor reads failed jobs without personal data (decisions 0007, 0015): a mail failure's reason
 * usually quotes the recipient.
 */
@ApiTags('admin')
@ApiBearerAuth()
@Controller()
@UseGuards(AdminAuthGuard)
@Roles('approver', 'support', 'auditor')
export class AdminJobsController {
  constructor(
    private readonly jobs: JobMonitor,
    private readonly audit: LedgerAuditService,
  ) {}

  @Get('queues')
  async queues(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) reply: FastifyReply) {
    const q = parseListQuery(query, ['id'], ['id', 'ASC']);
    const rows = await this.jobs.counts();
    void reply.header('Content-Range', contentRange('queues', q, rows.length, rows.length));
    return rows;
  }

  @Get('failed-jobs')
  async failed(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) reply: FastifyReply, @CurrentAdmin() admin: AdminPrincipal) {
    const q = parseListQuery(query, ['failed_at'], ['failed_at', 'DESC']);
    const all = await this.jobs.failed(filterText(q.filter, 'queue'));
    const ordered = q.descending ? all : [...all].reverse();
    const rows = ordered.slice(q.offset, q.offset + q.limit);
    void reply.header('Content-Range', contentRange('failed-jobs', q, rows.length, all.length));
    return rows.map(this.audit.jobFor(admin.role));
  }

  @Post('failed-jobs/:id/retry')
  @HttpCode(200)
  @Roles()
  retry(@Param('id') id: string) {
    return this.jobs.retry(id);
  }
}
