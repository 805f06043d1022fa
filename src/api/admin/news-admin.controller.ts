import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Req, Res, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { FastifyReply, FastifyRequest } from 'fastify';
import { AdminAuthGuard, AdminPrincipal, CurrentAdmin, Roles } from '../../modules/identity';
import { ChangeNewsCommand, listNews, NEWS_LIST, PublishNewsCommand, showNews } from '../../modules/news';
import { Database } from '../../platform/db/database';
import { listResource } from '../../platform/http/list-resource';
import { adminMeta, found } from './admin-endpoints';
import { NewsCreateDto, NewsUpdateDto } from './support-admin.dto';

/** News for members: every role reads it; an approver publishes, edits, hides and shows (decision 0027). */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('news')
@UseGuards(AdminAuthGuard)
export class AdminNewsController {
  constructor(
    private readonly db: Database,
    private readonly commands: CommandBus,
  ) {}

  @Get()
  @Roles('approver', 'support', 'auditor')
  list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) reply: FastifyReply) {
    return listResource(reply, 'news', query, NEWS_LIST, (page) => listNews(this.db, page));
  }

  @Get(':id')
  @Roles('approver', 'support', 'auditor')
  show(@Param('id') id: string) {
    return found(showNews(this.db, id), `No news ${id}`);
  }

  @Post()
  @HttpCode(201)
  @Roles('approver')
  @ApiOperation({ summary: 'Publish a news item { content, hidden? }: the new record' })
  async create(@Body() body: NewsCreateDto, @CurrentAdmin() admin: AdminPrincipal, @Req() request: FastifyRequest) {
    const { id }: { id: string } = await this.commands.execute(
      new PublishNewsCommand(body.content, body.hidden === true, admin.username, adminMeta(request, admin)),
    );
    return found(showNews(this.db, id), `No news ${id}`);
  }

  @Put(':id')
  @Roles('approver')
  @ApiOperation({ summary: 'Edit { content?, hidden? } (hidden: true hides it from members, false shows it)' })
  async update(
    @Param('id') id: string,
    @Body() body: NewsUpdateDto,
    @CurrentAdmin() admin: AdminPrincipal,
    @Req() request: FastifyRequest,
  ) {
    await this.commands.execute(
      new ChangeNewsCommand(id, body.content, body.hidden, admin.username, adminMeta(request, admin)),
    );
    return found(showNews(this.db, id), `No news ${id}`);
  }
}
