import { Body, Controller, Get, Header, Headers, HttpCode, Post, Query, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { FastifyRequest } from 'fastify';
import { Database } from '../../platform/db/database';
import { anonymous, metadataFrom } from '../../platform/http/request-context';
import { RateLimited, RateLimitGuard } from '../../platform/http/rate-limit.guard';
import {
  AgreeDisclaimerCommand,
  CurrentMember,
  LoginMemberCommand,
  LoginResult,
  MemberAuthGuard,
  MemberPrincipal,
  MemberQueries,
  MemberReadCall,
  RedeemImpersonationCommand,
  RegisterMemberCommand,
  RegistrationResult,
  RequestPasswordResetCommand,
  ResetPasswordCommand,
  TokenService,
} from '../../modules/identity';
import { QueueQuery } from '../../modules/help';
import { NetworkQueries } from '../../modules/network';
import { SupportQueries } from '../../modules/support';
import { WalletQueries } from '../../modules/wallet';
import { memberMetadata } from './member-metadata';
import { DashboardAnswers } from './dashboard-answers';
import {
  CountryQuery,
  ForgotPasswordDto,
  ImpersonationLoginDto,
  LoginDto,
  RegistrationDto,
  ResetPasswordDto,
  UidDto,
  UidQuery,
} from './member.dto';

/** The member contract (spec §7): controllers only map HTTP to commands and queries. */
@ApiTags('member')
@Controller()
@UseGuards(RateLimitGuard)
export class MemberController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: MemberQueries,
    private readonly wallet: WalletQueries,
    private readonly queue: QueueQuery,
    private readonly support: SupportQueries,
    private readonly network: NetworkQueries,
    private readonly tokens: TokenService,
    private readonly db: Database,
    private readonly dashboards: DashboardAnswers,
  ) {}

  @Get('check_sponsorid')
  @RateLimited('lookup')
  @ApiOperation({ summary: 'Sponsor / user look-up by id' })
  checkSponsor(@Query() query: UidQuery) {
    return this.queries.sponsor(query.uid);
  }

  @Get('countryList')
  async countryList() {
    return [await this.queries.countries()];
  }

  @Get('GetcountrybyID')
  async countryById(@Query() query: CountryQuery) {
    return [await this.queries.country(Number(query.id))];
  }

  @Post('registrationWeb')
  @HttpCode(200)
  @RateLimited('register')
  @ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    description: 'Same key and body: the first answer again; other body: 409',
  })
  @ApiOperation({ summary: 'Register a member under a sponsor; the ten checks answer 400 with the spec text' })
  register(
    @Body() body: RegistrationDto,
    @Req() request: FastifyRequest,
    @Headers('idempotency-key') idempotencyKey?: string,
  ): Promise<RegistrationResult> {
    const text = (v?: string) => v ?? '';
    const input = {
      sid: text(body.sid),
      name: text(body.name),
      email: text(body.email),
      mobile: text(body.mobile),
      countryid: text(body.countryid),
      city: text(body.city),
      state: text(body.state),
      upinumber: text(body.upinumber),
      password: text(body.password),
      walletAddress: text(body.WalletAddress),
    };
    return this.commands.execute(
      new RegisterMemberCommand(
        input,
        metadataFrom(request, anonymous(), idempotencyKey ? { idempotencyKey } : {}),
        idempotencyKey,
      ),
    );
  }

  @Get('WelcomeDetails')
  @RateLimited('lookup')
  @ApiHeader({
    name: 'X-Welcome-Token',
    required: false,
    description: "registrationWeb's welcomeToken: email and mobile in full for that member; without it they are masked",
  })
  @ApiOperation({
    summary:
      "The welcome letter: { data: [ { f_name, uid, email, mobile } ] }, contact details masked unless X-Welcome-Token is the registering browser's",
  })
  async welcome(@Query() query: UidQuery, @Headers('x-welcome-token') welcomeToken?: unknown) {
    return { data: await this.queries.welcome(query.uid, this.tokens.welcomeTokenFor(welcomeToken, query.uid)) };
  }

  @Post('login')
  @HttpCode(200)
  @RateLimited('login')
  login(@Body() body: LoginDto, @Req() request: FastifyRequest): Promise<LoginResult> {
    return this.commands.execute(
      new LoginMemberCommand(body.uid, body.password, metadataFrom(request, { kind: 'member', id: body.uid })),
    );
  }

  @Post('loginAdmin')
  @HttpCode(200)
  @RateLimited('login')
  @ApiOperation({ summary: 'Exchange a single-use "Log in as" token (60 s) for a member session marked impersonated' })
  loginAdmin(@Body() body: ImpersonationLoginDto, @Req() request: FastifyRequest): Promise<LoginResult> {
    return this.commands.execute(new RedeemImpersonationCommand(body.token, metadataFrom(request, anonymous())));
  }

  @Post('showpopup')
  @HttpCode(200)
  @UseGuards(MemberAuthGuard)
  @ApiBearerAuth()
  showPopup(@Body() _body: UidDto, @CurrentMember() member: MemberPrincipal, @Req() request: FastifyRequest) {
    return this.commands.execute(new AgreeDisclaimerCommand(member.uid, memberMetadata(request, member)));
  }

  @Post(['userDashboard', 'userdashboard'])
  @MemberReadCall()
  @HttpCode(200)
  @Header('Content-Type', 'application/json; charset=utf-8')
  @UseGuards(MemberAuthGuard)
  @ApiBearerAuth()
  @ApiOperation({
    summary:
      'The member summary: [ { uid, f_name, …, totalphamount, totalghamount, totalWithdrawal, TodayWithdrawal, Net_Balance, Reserved_Withdrawal, Withdrawal_Min (smallest withdrawal, whole rupees), queue fields } ]',
    description:
      'Queue transparency (docs/decisions/0018): phQueueCount, phQueueRupees, ghQueueCount, ghQueueRupees (what waits unmatched in each queue); ' +
      'myPhQueuePosition, myGhQueuePosition (the position of the caller\'s oldest waiting entry, 1 = next, "" when not waiting), ' +
      'myPhQueueRupees, myGhQueueRupees (what of theirs waits); matchedLinks7d, matchedRupees7d (links made in the last 7 days), ' +
      'matchingRate7d (linked in the last 7 days ÷ (that + PH waiting now), percent, two decimals). ' +
      "contactAdminUrl: the CONTACT ADMIN chat link (setting contactAdminUrl; '' when none is set). " +
      "An answer may come from the API process's memory while nothing has committed since it was read, that day (decision 0058).",
  })
  async dashboard(@Body() _body: UidDto, @CurrentMember() member: MemberPrincipal): Promise<string> {
    // The same answer while nothing has committed since it was read, the same India day (decision 0058).
    const key = `${member.uid}${member.impersonatedBy === undefined ? '' : ':impersonated'}`;
    const kept = this.dashboards.get(key, member.readState);
    if (kept !== undefined) return kept;
    // The member's summary, their team's counts (the network's projection), the wallet's money cards,
    // the queue transparency fields and CONTACT ADMIN's link: every read started at once on one
    // connection, pipelined (one pool checkout, about one round trip; decision 0047).
    const [summary, team, money, queue, contactAdminUrl] = await this.db.reads((sql) =>
      Promise.all([
        this.queries.dashboard(member.uid, member.impersonatedBy, sql),
        this.network.dashboard(member.uid, sql),
        this.wallet.summary(member.uid, sql),
        this.queue.member(member.uid, sql),
        this.support.contactAdminUrl(sql),
      ]),
    );
    const answer = JSON.stringify([{ ...summary, ...team, ...money, ...queue, contactAdminUrl }]);
    this.dashboards.set(key, member.readState, answer);
    return answer;
  }

  @Post('ForgetPassword')
  @HttpCode(200)
  @RateLimited('forgot')
  @Header('Content-Type', 'application/json; charset=utf-8')
  @ApiOperation({ summary: 'Mails a single-use reset link (30 minutes); answers the original text as a JSON string' })
  async forgot(@Body() body: ForgotPasswordDto, @Req() request: FastifyRequest): Promise<string> {
    const result: string = await this.commands.execute(
      new RequestPasswordResetCommand(body.uid, metadataFrom(request, anonymous())),
    );
    return JSON.stringify(result);
  }

  @Post('ResetPassword')
  @HttpCode(200)
  @RateLimited('forgot')
  reset(@Body() body: ResetPasswordDto, @Req() request: FastifyRequest) {
    return this.commands.execute(
      new ResetPasswordCommand(body.token, body.password, metadataFrom(request, anonymous())),
    );
  }
}
