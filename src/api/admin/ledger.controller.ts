import { Controller, Get, HttpCode, Post, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { FastifyReply } from 'fastify';
import { AdminAuthGuard, AdminPrincipal, CurrentAdmin, Roles } from '../../modules/identity';
import { LedgerAuditService } from '../../modules/ledger-audit';

/** The ledger page (admin-web's custom route `/ledger`): verify the chain, export it. Every admin role, the auditor included. */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('ledger')
@UseGuards(AdminAuthGuard)
@Roles('approver', 'support', 'auditor')
export class AdminLedgerController {
  constructor(private readonly audit: LedgerAuditService) {}

  @Post('verify')
  @HttpCode(200)
  verify(@CurrentAdmin() admin: AdminPrincipal) {
    return this.audit.verify(admin.role);
  }

  /** The same NDJSON as `npm run ledger -- export`, as a download (docs/ledger-format.md). */
  @Get('export')
  export(@Res() reply: FastifyReply, @CurrentAdmin() admin: AdminPrincipal) {
    const name = `sahyog-ledger-${new Date().toISOString().replace(/[:.]/g, '-')}.ndjson`;
    return reply
      .header('Content-Type', 'application/x-ndjson; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${name}"`)
      .send(this.audit.exportStream(this.audit.viewFor(admin.role)));
  }
}
