import { Body, Controller, Get, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { FastifyRequest } from 'fastify';
import {
  DisputeLinkCommand,
  HelpOutcome,
  MemberLinksQuery,
  QueueQuery,
  ReceiverActionCommand,
  SubmitUtrCommand,
} from '../../modules/help';
import { CurrentMember, MemberAuthGuard, MemberPrincipal, MemberReadCall } from '../../modules/identity';
import { MoneyPost } from './money-post';
import { RequestWithdrawalCommand, WalletOutcome } from '../../modules/wallet';
import { RateLimitGuard } from '../../platform/http/rate-limit.guard';
import { memberMetadata } from './member-metadata';
import {
  DisputeDto,
  LinkDetailsDto,
  ListAllDto,
  UidBodyDto,
  UpdateGhDto,
  UpdatePhDto,
  WithdrawalDto,
} from './help.dto';

/** The help circle and withdrawals of the member contract (spec §7; issue 11). The caller is always the token. */
@ApiTags('member')
@ApiBearerAuth()
@Controller()
@UseGuards(MemberAuthGuard)
export class MemberHelpController {
  constructor(
    private readonly commands: CommandBus,
    private readonly links: MemberLinksQuery,
  ) {}

  @Post('PhList')
  @MemberReadCall()
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Dashboard PH LOGS: the caller's open links as sender; the first row also carries ed (its deadline) and sd (the server's now)",
  })
  async phList(@Body() _body: UidBodyDto, @CurrentMember() member: MemberPrincipal) {
    return [await this.links.ph(member.uid, 'open')];
  }

  @Post('GhList')
  @MemberReadCall()
  @HttpCode(200)
  @ApiOperation({ summary: "Dashboard GH LOGS: the caller's open links as receiver" })
  async ghList(@Body() _body: UidBodyDto, @CurrentMember() member: MemberPrincipal) {
    return [await this.links.gh(member.uid, 'open')];
  }

  @Post('PhListAll')
  @MemberReadCall()
  @HttpCode(200)
  @ApiOperation({ summary: 'PH lists: type 1 pending (Pending, Paid, Disputed), 2 received, 3 cancelled or expired' })
  async phListAll(@Body() body: ListAllDto, @CurrentMember() member: MemberPrincipal) {
    return [await this.links.ph(member.uid, Number(body.type) as 1 | 2 | 3)];
  }

  @Post('GhListAll')
  @MemberReadCall()
  @HttpCode(200)
  @ApiOperation({ summary: 'GH lists: type 1 pending, 2 received, 3 cancelled or expired' })
  async ghListAll(@Body() body: ListAllDto, @CurrentMember() member: MemberPrincipal) {
    return [await this.links.gh(member.uid, Number(body.type) as 1 | 2 | 3)];
  }

  @Post('PhListDetails')
  @MemberReadCall()
  @HttpCode(200)
  @ApiOperation({
    summary: 'One of the caller’s PH links in full (receiver, bank and UPI details); data[0] is empty for any other id',
  })
  async phDetails(@Body() body: LinkDetailsDto, @CurrentMember() member: MemberPrincipal) {
    return [await this.links.details(member.uid, body.rowid.trim(), 'sender')];
  }

  @Post('GhListDetails')
  @MemberReadCall()
  @HttpCode(200)
  @ApiOperation({ summary: 'One of the caller’s GH links in full (sender, UTR, dates)' })
  async ghDetails(@Body() body: LinkDetailsDto, @CurrentMember() member: MemberPrincipal) {
    return [await this.links.details(member.uid, body.rowid.trim(), 'receiver')];
  }

  @MoneyPost('UpdatePhUser', { jsonText: true })
  @ApiOperation({
    summary: "Sender submits the UTR: 'Payment Paid Successfully.'; a reused UTR is refused and flagged",
  })
  async updatePh(@Body() body: UpdatePhDto, @CurrentMember() member: MemberPrincipal, @Req() request: FastifyRequest) {
    const outcome: HelpOutcome = await this.commands.execute(
      new SubmitUtrCommand(member.uid, body.rowid.trim(), body.utrno ?? '', memberMetadata(request, member)),
    );
    return JSON.stringify(outcome.text);
  }

  @MoneyPost('UpdateGhUser', { jsonText: true })
  @ApiOperation({
    summary:
      "Receiver: status 1 confirms ('Payment Received Successfully.'), status 2 cancels with a remark ('Please Enter Remark !!' without)",
  })
  async updateGh(@Body() body: UpdateGhDto, @CurrentMember() member: MemberPrincipal, @Req() request: FastifyRequest) {
    const outcome: HelpOutcome = await this.commands.execute(
      new ReceiverActionCommand(
        member.uid,
        body.rowid.trim(),
        body.status === '1' ? 1 : 2,
        body.remark ?? '',
        memberMetadata(request, member),
      ),
    );
    return JSON.stringify(outcome.text);
  }

  @MoneyPost('DisputePhUser', { jsonText: true })
  @ApiOperation({
    summary:
      "Sender disputes the cancel of a Paid link, with a remark, within disputeAfterHours: 'Dispute Raised Successfully.'",
  })
  async dispute(@Body() body: DisputeDto, @CurrentMember() member: MemberPrincipal, @Req() request: FastifyRequest) {
    const outcome: HelpOutcome = await this.commands.execute(
      new DisputeLinkCommand(member.uid, body.rowid.trim(), body.remark ?? '', memberMetadata(request, member)),
    );
    return JSON.stringify(outcome.text);
  }

  @MoneyPost('Withdrawal')
  @ApiOperation({
    summary:
      "Withdraw whole rupees of the net balance (reserved now): { result: 'Done' } or the refusal's text in result",
  })
  async withdrawal(
    @Body() body: WithdrawalDto,
    @CurrentMember() member: MemberPrincipal,
    @Req() request: FastifyRequest,
  ) {
    const outcome: WalletOutcome = await this.commands.execute(
      new RequestWithdrawalCommand(member.uid, body.Request_amount ?? '', memberMetadata(request, member)),
    );
    return { result: outcome.text, code: outcome.code };
  }
}

/** Public: the queues' totals and the matching pace, without member data (the network's state is never hidden). */
@ApiTags('member')
@Controller()
@UseGuards(RateLimitGuard)
export class NetworkHealthController {
  constructor(private readonly queue: QueueQuery) {}

  @Get('network-health')
  @ApiOperation({
    summary:
      'Queue totals { queues: { PH: { count, amountRupees }, GH: {…} }, last7Days: { links, amountRupees, ratePercent }, asOf }; no member data',
  })
  health() {
    return this.queue.health();
  }
}
