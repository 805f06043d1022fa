import { Injectable, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { Database } from '../../platform/db/database';
import { Sql } from '../../platform/db/sql';
import { DecideWithdrawalHandler } from './commands/decide-withdrawal/decide-withdrawal.handler';
import { RequestWithdrawalHandler } from './commands/request-withdrawal/request-withdrawal.handler';
import { walletSummary } from './queries/wallet-summary/wallet-summary.query';
import { withdrawalHistory } from './queries/withdrawal-history/withdrawal-history.query';

/** The wallet's member reads, as the API injects them. */
@Injectable()
export class WalletQueries {
  constructor(private readonly db: Database) {}

  /** `sql`: the API's pipelined connection for the whole dashboard. */
  summary(uid: string, sql: Sql = this.db) {
    return walletSummary(sql, uid);
  }

  history(uid: string, from: string | null, to: string | null) {
    return withdrawalHistory(this.db, uid, from, to);
  }
}

/** The wallet: net balance, withdrawals (request, approve into the GH queue, reject) and their history. */
@Module({
  imports: [CqrsModule],
  providers: [RequestWithdrawalHandler, DecideWithdrawalHandler, WalletQueries],
  exports: [WalletQueries],
})
export class WalletModule {}
