import { Body, Controller, Header, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { FastifyRequest } from 'fastify';
import { CurrentMember, MemberAuthGuard, MemberPrincipal, MemberReadCall } from '../../modules/identity';
import { NewsQueries } from '../../modules/news';
import { RaiseTicketCommand, SupportOutcome, SupportQueries } from '../../modules/support';
import { UidBodyDto } from './help.dto';
import { memberMetadata } from './member-metadata';
import { HelpdeskQueryDto, UserNewsDto } from './support.dto';

/** Support and news of the member contract (spec §7; issue 12). The caller is always the token. */
@ApiTags('member')
@ApiBearerAuth()
@Controller()
@UseGuards(MemberAuthGuard)
export class MemberSupportController {
  constructor(
    private readonly commands: CommandBus,
    private readonly support: SupportQueries,
    private readonly news: NewsQueries,
  ) {}

  @Post('Helpdesk_By_User')
  @HttpCode(200)
  @Header('Content-Type', 'application/json; charset=utf-8')
  @ApiOperation({
    summary:
      "Raise a query to the help desk: 'Successfully send query' (a JSON string); otherwise the reason: 'Please enter your query', or a limit (3 waiting for a reply, 10 in 24 hours)",
  })
  async raise(
    @Body() body: HelpdeskQueryDto,
    @CurrentMember() member: MemberPrincipal,
    @Req() request: FastifyRequest,
  ) {
    const outcome: SupportOutcome = await this.commands.execute(
      new RaiseTicketCommand(member.uid, body.query ?? '', memberMetadata(request, member)),
    );
    return JSON.stringify(outcome.text);
  }

  @Post('UserHelpDeskHistory')
  @MemberReadCall()
  @HttpCode(200)
  @ApiOperation({
    summary:
      "The caller's tickets, newest first: [ [ {row, user_id, ticket_id, query, status: 'open' | 'replied' | 'closed', reply_message, ee} ] ]",
  })
  async history(@Body() _body: UidBodyDto, @CurrentMember() member: MemberPrincipal) {
    return [await this.support.history(member.uid)];
  }

  @Post('UserNews')
  @MemberReadCall()
  @HttpCode(200)
  @ApiOperation({ summary: 'The news members see, newest first: [ {row, id, content, dd} ] (the list itself)' })
  userNews(@Body() _body: UserNewsDto) {
    return this.news.forMembers();
  }
}
