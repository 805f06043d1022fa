import { Controller, Get, Query, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { FastifyReply } from 'fastify';
import { AdminAuthGuard, Roles } from '../../modules/identity';
import { ListShape } from '../../platform/db/page';
import { listResource } from '../../platform/http/list-resource';
import { JobMonitor } from '../../platform/jobs/job-monitor';

/** One row per queue, in the queues' own order. */
const QUEUES_LIST: ListShape = { sortable: ['id'], key: 'id', defaultSort: ['id', 'ASC'], filters: {} };

/** The worker's queues and their job counts, for every admin role. */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('queues')
@UseGuards(AdminAuthGuard)
@Roles('approver', 'support', 'auditor')
export class AdminQueuesController {
  constructor(private readonly jobs: JobMonitor) {}

  @Get()
  queues(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) reply: FastifyReply) {
    return listResource(reply, 'queues', query, QUEUES_LIST, async () => {
      const rows = await this.jobs.counts();
      return { rows, total: rows.length };
    });
  }
}
