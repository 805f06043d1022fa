import { Module } from '@nestjs/common';
import { LedgerAuditService } from './ledger-audit.service';

@Module({ providers: [LedgerAuditService], exports: [LedgerAuditService] })
export class LedgerAuditModule {}
