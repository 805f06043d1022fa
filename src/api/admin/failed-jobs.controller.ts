import { Controller, Get, HttpCode, Param, Post, Query, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { FastifyReply } from 'fastify';
import { AdminAuthGuard, AdminPrincipal, CurrentAdmin, Roles } from '../../modules/identity';
import { LedgerAuditService } from '../../modules/ledger-audit';
import { ListShape } from '../../platform/db/page';
import { listResource } from '../../platform/http/list-resource';
import { JobMonitor } from '../../platform/jobs/job-monitor';

/** Failed jobs come from Redis in the order they failed: `id` sorts that way too. */
const FAILED_JOBS_LIST: ListShape = {
  sortable: ['failed_at'],
  key: 'failed_at',
  defaultSort: ['failed_at', 'DESC'],
  filters: { queue: 100 },
};

/**
 * The worker's failed jobs with their reason, for every admin role; only a superadmin retries. The
 * auditor reads failed jobs without personal data (decisions 0007, 0015): a mail failure's reason
 * usually quotes the recipient.
 */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('failed-jobs')
@UseGuards(AdminAuthGuard)
@Roles('approver', 'support', 'auditor')
export class AdminFailedJobsController {
  constructor(
    private readonly jobs: JobMonitor,
    private readonly audit: LedgerAuditService,
  ) {}

  @Get()
  failed(
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) reply: FastifyReply,
    @CurrentAdmin() admin: AdminPrincipal,
  ) {
    return listResource(
      reply,
      'failed-jobs',
      query,
      FAILED_JOBS_LIST,
      async (page) => {
        const all = await this.jobs.failed(page.filter.queue);
        const ordered = page.descending ? all : [...all].reverse();
        return { rows: ordered.slice(page.offset, page.offset + page.limit), total: all.length };
      },
      this.audit.jobFor(admin.role),
    );
  }

  @Post(':id/retry')
  @HttpCode(200)
  @Roles()
  retry(@Param('id') id: string) {
    return this.jobs.retry(id);
  }
}
