import { Body, Controller, ForbiddenException, Get, HttpCode, Post, Query, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { FastifyRequest } from 'fastify';
import {
  ActivationHistoryQuery,
  EPIN_MSG,
  EpinDataQuery,
  HistoryType,
  TopUpMemberCommand,
  TransferEpinsCommand,
} from '../../modules/epins';
import { RequestHelpCommand } from '../../modules/help';
import { CurrentMember, MemberAuthGuard, MemberPrincipal, MemberReadCall } from '../../modules/identity';
import { MoneyPost } from './money-post';
import { LevelIncomeReportQuery } from '../../modules/income';
import { NewsQueries } from '../../modules/news';
import { WalletQueries } from '../../modules/wallet';
import { errorBody } from '../../platform/http/error-body';
import { idempotencyKeyOf } from '../../platform/http/request-context';
import { memberMetadata } from './member-metadata';
import {
  ActivateIdDto,
  ActivationHistoryDto,
  EpinTransferDto,
  HelpRequestDto,
  IncomeReportDto,
  UidOnlyQuery,
} from './epins.dto';

/** Longer e-pin text is 'Invalid Epin' without a look-up (an e-pin number is 12 characters). */
const MAX_EPIN_TEXT = 40;

/** E-pins, top-ups, help requests and level income of the member contract (issue 3). */
@ApiTags('member')
@ApiBearerAuth()
@Controller()
@UseGuards(MemberAuthGuard)
export class MemberEpinsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly epinDataQuery: EpinDataQuery,
    private readonly activationHistory: ActivationHistoryQuery,
    private readonly incomeReport: LevelIncomeReportQuery,
    private readonly wallet: WalletQueries,
    private readonly news: NewsQueries,
  ) {}

  @Get('getEpinData')
  @ApiOperation({ summary: "The caller's oldest unused e-pin, for the dashboard's ACTIVATE ID" })
  epinData(@Query() _query: UidOnlyQuery, @CurrentMember() member: MemberPrincipal) {
    return this.epinDataQuery.run(member.uid);
  }

  @Post('ActivationHistory')
  @MemberReadCall()
  @HttpCode(200)
  @ApiOperation({ summary: 'type 1 top-ups done, 2 unused e-pins, 3 used e-pins, 4 transfers' })
  async history(@Body() body: ActivationHistoryDto, @CurrentMember() member: MemberPrincipal) {
    return [
      await this.activationHistory.run(
        member.uid,
        Number(body.type) as HistoryType,
        body.fdate || null,
        body.tdate || null,
      ),
    ];
  }

  @MoneyPost('EpinTransfer', { jsonText: true })
  @ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    description: 'Same key and body: the first answer again, nothing moved twice; other body: 409',
  })
  async transfer(
    @Body() body: EpinTransferDto,
    @CurrentMember() member: MemberPrincipal,
    @Req() request: FastifyRequest,
  ): Promise<string> {
    const qty = (body.qty ?? '').trim();
    const touid = (body.touid ?? '').trim();
    let result: string;
    if (!qty) result = EPIN_MSG.enterQty;
    else if (!/^\d+$/.test(qty) || Number(qty) < 1) result = EPIN_MSG.enterQty;
    else if (!touid) result = EPIN_MSG.enterUser;
    else if (!/^\d{6}$/.test(touid)) result = EPIN_MSG.invalidUser;
    else {
      const key = idempotencyKeyOf(request);
      result = await this.commands.execute(
        new TransferEpinsCommand(
          member.uid,
          touid,
          Number(qty),
          body.epintype ?? 'EpintypeB',
          memberMetadata(request, member, key),
          key,
        ),
      );
    }
    return JSON.stringify(result);
  }

  @MoneyPost('ActivateId')
  @ApiOperation({
    summary:
      "The /Activation screen: apply one of the caller's own unused e-pins to member touid (activation or upgrade)",
  })
  activate(@Body() body: ActivateIdDto, @CurrentMember() member: MemberPrincipal, @Req() request: FastifyRequest) {
    // The spec's order: 'Epin is required', then 'Wrong User Id', then the e-pin itself.
    const epin = (body.epin ?? '').trim();
    const touid = (body.touid ?? '').trim();
    if (!epin) return { result: EPIN_MSG.epinRequired };
    if (!/^\d{6}$/.test(touid)) return { result: EPIN_MSG.wrongUser };
    if (epin.length > MAX_EPIN_TEXT) return { result: EPIN_MSG.invalidEpin };
    return this.commands.execute(new TopUpMemberCommand(member.uid, touid, epin, memberMetadata(request, member)));
  }

  @Post('GetIncomeReport')
  @MemberReadCall()
  @HttpCode(200)
  @ApiOperation({
    summary:
      'type LevelIncome: level income paid to the caller; type WithdrawalHistory: their withdrawals; type news: the news (row, id, content, dd), newest first',
  })
  async income(@Body() body: IncomeReportDto, @CurrentMember() member: MemberPrincipal) {
    const from = body.fdate || null;
    const to = body.tdate || null;
    if (body.type === 'WithdrawalHistory') return [await this.wallet.history(member.uid, from, to)];
    if (body.type === 'news') return [await this.news.forMembers(from, to)];
    return [await this.incomeReport.run(member.uid, from, to)];
  }

  @MoneyPost('GHRequesttoAdmin')
  @ApiOperation({
    summary: 'Top the caller up with their oldest unused e-pin of the type and open a help request (₹5,000 / ₹10,000)',
  })
  requestHelp(@Body() body: HelpRequestDto, @CurrentMember() member: MemberPrincipal, @Req() request: FastifyRequest) {
    if (body.sid !== member.uid || (body.referby && body.referby !== member.uid))
      throw new ForbiddenException(errorBody(403, 'Access denied for this user id'));
    return this.commands.execute(new RequestHelpCommand(member.uid, body.epin, memberMetadata(request, member)));
  }
}
