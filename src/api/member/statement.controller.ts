import {
  BadRequestException,
  Body,
  ConflictException,
  Controller,
  HttpCode,
  Post,
  ServiceUnavailableException,
  UseGuards,
} from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentMember, MemberAuthGuard, MemberPrincipal, MemberReadCall } from '../../modules/identity';
import { memberStatement, parseSince, Statement, StatementRefused } from '../../modules/ledger-audit';
import { Database } from '../../platform/db/database';
import { LedgerTreeIncomplete } from '../../platform/event-store/ledger-tree';
import { errorBody } from '../../platform/http/error-body';
import { StatementDto } from './statement.dto';

/** A statement every member can check without trusting Sahyog (issue 21 §4, decision 0045). */
@ApiTags('member')
@ApiBearerAuth()
@Controller()
@UseGuards(MemberAuthGuard)
export class MemberStatementController {
  constructor(private readonly db: Database) {}

  @Post('MyStatement')
  @MemberReadCall()
  @HttpCode(200)
  @ApiOperation({
    summary:
      "The caller's ledger entries, each with its event hash, position and RFC 9162 inclusion proof in the latest signed tree head; the tree head; a consistency proof from `since`",
  })
  async statement(@Body() body: StatementDto, @CurrentMember() member: MemberPrincipal): Promise<Statement> {
    try {
      return await memberStatement(this.db, member.uid, parseSince(body.since));
    } catch (error) {
      // A stored tree missing a node (dropped for a rebuild): the proofs are back once it is grown again.
      if (error instanceof LedgerTreeIncomplete)
        throw new ServiceUnavailableException(
          errorBody(503, 'The ledger proofs are being rebuilt: try again in a minute', 'LEDGER.TREE_INCOMPLETE'),
        );
      if (!(error instanceof StatementRefused)) throw error;
      if (error.status === 400) throw new BadRequestException(errorBody(400, error.message));
      if (error.status === 409) throw new ConflictException(errorBody(409, error.message, 'LEDGER.NOT_EXTENDED'));
      throw new ServiceUnavailableException(errorBody(503, error.message, 'LEDGER.NO_TREE_HEAD'));
    }
  }
}
