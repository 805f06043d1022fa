import { Body, Controller, HttpCode, Param, Post, Put, Req, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { FastifyRequest } from 'fastify';
import { AdminAuthGuard, AdminPrincipal, CurrentAdmin, Roles } from '../../modules/identity';
import { ChangeNewsCommand, listNews, NEWS_LIST, PublishNewsCommand, showNews } from '../../modules/news';
import { adminMeta, found, ReadEndpoints } from './admin-endpoints';
import { NewsCreateDto, NewsUpdateDto } from './support-admin.dto';

/** News for members: every role reads it; an approver publishes, edits, hides and shows (decision 0027). */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('news')
@UseGuards(AdminAuthGuard)
export class AdminNewsController extends ReadEndpoints({
  resource: 'news',
  shape: NEWS_LIST,
  list: listNews,
  show: showNews,
  notFound: (id) => `No news ${id}`,
}) {
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
