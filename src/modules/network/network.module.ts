import { Injectable, Module } from '@nestjs/common';
import { Database } from '../../platform/db/database';
import { Sql } from '../../platform/db/sql';
import { TeamCursor, TeamFilter } from './domain/team-page';
import {
  directReport,
  downlineReport,
  levelDetails,
  TeamPageRequest,
  teamSize,
} from './queries/team-report/team-report.query';
import { inTeamOf, teamTree } from './queries/team-tree/team-tree.query';

/** The team reports and the genealogy view, as the member API injects them. */
@Injectable()
export class NetworkQueries {
  constructor(private readonly db: Database) {}

  downline(uid: string, filter: TeamFilter, page: TeamPageRequest) {
    return downlineReport(this.db, uid, filter, page);
  }

  directs(uid: string, filter: Omit<TeamFilter, 'level'>, page: TeamPageRequest) {
    return directReport(this.db, uid, filter, page);
  }

  levels(uid: string, filter: TeamFilter, page: TeamPageRequest) {
    return levelDetails(this.db, uid, filter, page);
  }

  /** The dashboard's `totalteam` and `totalrefferal`: the member's whole team and directs, from the projection. */
  async dashboard(uid: string, sql: Sql = this.db): Promise<{ totalrefferal: string; totalteam: string }> {
    const { team, directs } = await teamSize(sql, uid);
    return { totalrefferal: directs, totalteam: team };
  }

  /** The tree below `root`, or null when `root` is neither the member nor in their team. */
  async tree(member: string, root: string, depth: number, after: TeamCursor | null) {
    if (!(await inTeamOf(this.db, member, root))) return null;
    return teamTree(this.db, root, depth, after);
  }
}

/** The network: who is below a member (reads of the identity context's sponsor tree and of its own team counts). */
@Module({ providers: [NetworkQueries], exports: [NetworkQueries] })
export class NetworkModule {}
