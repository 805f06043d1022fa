import { Body, Controller, ForbiddenException, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentMember, MemberAuthGuard, MemberPrincipal, MemberReadCall } from '../../modules/identity';
import {
  ALL_LEVELS,
  MAX_TEAM_PAGE,
  MAX_TREE_DEPTH,
  MAX_TREE_NODES,
  NetworkQueries,
  parseCursor,
  StatusCode,
  statusOf,
  TeamFilter,
  TeamPageRequest,
} from '../../modules/network';
import { errorBody } from '../../platform/http/error-body';
import { DirectReportDto, DownlineReportDto, LevelDetailsDto, TeamPageDto, TeamTreeDto } from './network.dto';

/** The body's filter: IST registration days, the status code ('' = the default, everyone), a level or all. */
const filterOf = (body: TeamPageDto, level: number | null): TeamFilter => ({
  level,
  status: statusOf((body.status || '2') as StatusCode),
  from: body.fdate || null,
  to: body.tdate || null,
});

/** A level from its text: '' (the spec's default) or `all` → every level (null). */
const levelOf = (text: string | undefined, all: number): number | null =>
  !text || Number(text) === all ? null : Number(text);

const pageOf = (body: TeamPageDto): TeamPageRequest => ({
  limit: body.limit ? Number(body.limit) : MAX_TEAM_PAGE,
  offset: body.offset ? Number(body.offset) : 0,
  after: body.after ? parseCursor(body.after) : null,
});

const PAGED = `Answers \`[ rows, { total, limit, next } ]\`: \`data[0]\` the spec's rows (at most ${MAX_TEAM_PAGE}, level by level then by User Id, \`row\` numbered across pages), \`data[1]\` Sahyog's page info — \`total\` the members the filter selects (from the team counts; null when fdate/tdate narrow it), \`next\` the \`after\` of the following page (null on the last).`;

/** The team reports and the genealogy view of the member contract (spec §7; issue 12). The caller is always the token. */
@ApiTags('member')
@ApiBearerAuth()
@Controller()
@UseGuards(MemberAuthGuard)
export class MemberNetworkController {
  constructor(private readonly network: NetworkQueries) {}

  @Post('DownlineReport')
  @MemberReadCall()
  @HttpCode(200)
  @ApiOperation({
    summary: "My Team: the members below the caller (§3 'Downline member row')",
    description: PAGED,
  })
  downline(@Body() body: DownlineReportDto, @CurrentMember() member: MemberPrincipal) {
    return this.network.downline(member.uid, filterOf(body, levelOf(body.lvl, ALL_LEVELS)), pageOf(body));
  }

  @Post('DirectReport')
  @MemberReadCall()
  @HttpCode(200)
  @ApiOperation({
    summary: "My Direct: the caller's directs, each with TotalTeam (members below them) and Activeteam (Active ones)",
    description: PAGED,
  })
  directs(@Body() body: DirectReportDto, @CurrentMember() member: MemberPrincipal) {
    return this.network.directs(member.uid, filterOf(body, null), pageOf(body));
  }

  @Post('LevelDetails')
  @MemberReadCall()
  @HttpCode(200)
  @ApiOperation({
    summary: 'The level team: members at one level below the caller (leveltype 1..15) or all (0)',
    description: PAGED,
  })
  levels(@Body() body: LevelDetailsDto, @CurrentMember() member: MemberPrincipal) {
    return this.network.levels(member.uid, filterOf(body, levelOf(body.leveltype, 0)), pageOf(body));
  }

  @Post('TeamTree')
  @MemberReadCall()
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Sahyog's genealogy view: root (the caller or a member of their team) and up to depth (1..3) levels below it",
    description: `Answers \`[ nodes, { root, depth, limit, next } ]\`: the root first (level 0), then its team level by level, at most ${MAX_TREE_NODES} members (the rest from \`after\` = \`next\`), each \`{uid, f_name, status, level, parent, team, directs}\`. A root outside the caller's team → 403 'Access denied for this user id'.`,
  })
  async tree(@Body() body: TeamTreeDto, @CurrentMember() member: MemberPrincipal) {
    const depth = body.depth ? Number(body.depth) : MAX_TREE_DEPTH;
    const answer = await this.network.tree(
      member.uid,
      body.root || member.uid,
      depth,
      body.after ? parseCursor(body.after) : null,
    );
    if (!answer) throw new ForbiddenException(errorBody(403, 'Access denied for this user id'));
    return answer;
  }
}
