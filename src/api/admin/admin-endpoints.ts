import { Body, Get, HttpCode, Injectable, NotFoundException, Param, Post, Query, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { FastifyReply, FastifyRequest } from 'fastify';
import { AdminPrincipal, CurrentAdmin, Roles } from '../../modules/identity';
import { Database } from '../../platform/db/database';
import { ListShape, Page, PageRequest } from '../../platform/db/page';
import { EventMetadata } from '../../platform/event-store/event.types';
import { errorBody } from '../../platform/http/error-body';
import { listResource } from '../../platform/http/list-resource';
import { metadataFrom } from '../../platform/http/request-context';
import { RemarkRequiredDto } from './admin.dto';
import type { FourEyesAnswer } from '../../modules/four-eyes';

/** The metadata of an admin's request: the signed-in admin is the actor. */
export const adminMeta = (request: FastifyRequest, admin: AdminPrincipal): EventMetadata =>
  metadataFrom(request, { kind: 'admin', id: admin.username });

/** A show endpoint's row, or 404 with the message given. */
export async function found<T>(row: Promise<T | null | undefined>, notFound: string): Promise<T> {
  const value = await row;
  if (!value) throw new NotFoundException(errorBody(404, notFound));
  return value;
}

/** A command an approver sends about one request awaiting approval (help request, withdrawal, e-pin request). */
export type DecisionCommand = new (
  id: string,
  decision: 'approve' | 'reject',
  remark: string,
  admin: string,
  metadata: EventMetadata,
) => object;

/**
 * The `:id/approve` and `:id/reject` endpoints (approver only; a reject needs a remark, stored trimmed)
 * of a resource whose requests an approver decides; the controller extends the class returned (which
 * has the database and the command bus injected). `checkId` runs on the path id first (a 404 before anything is sent).
 */
export function DecisionEndpoints(Command: DecisionCommand, checkId: (id: string) => string = (id) => id) {
  @Injectable()
  abstract class Decisions {
    constructor(
      protected readonly db: Database,
      protected readonly commands: CommandBus,
    ) {}

    @Post(':id/approve')
    @HttpCode(200)
    @Roles('approver')
    approve(@Param('id') id: string, @CurrentAdmin() admin: AdminPrincipal, @Req() request: FastifyRequest) {
      return this.commands.execute(new Command(checkId(id), 'approve', '', admin.username, adminMeta(request, admin)));
    }

    @Post(':id/reject')
    @HttpCode(200)
    @Roles('approver')
    reject(
      @Param('id') id: string,
      @Body() body: RemarkRequiredDto,
      @CurrentAdmin() admin: AdminPrincipal,
      @Req() request: FastifyRequest,
    ) {
      const command = new Command(checkId(id), 'reject', body.remark.trim(), admin.username, adminMeta(request, admin));
      return this.commands.execute(command);
    }
  }
  return Decisions;
}

/** A resource every admin role reads: its react-admin name, list shape, list and show queries, the show's 404 message. */
export interface Readable<T, S> {
  resource: string;
  shape: ListShape;
  list: (db: Database, page: PageRequest) => Promise<Page<T>>;
  show: (db: Database, id: string) => Promise<S | null>;
  notFound: (id: string) => string;
}

/**
 * The list (`GET /`) and show (`GET /:id`) endpoints every admin role (the auditor included) reads; the
 * controller extends the class returned (which has the database and the command bus injected).
 */
export function ReadEndpoints<T, S>(readable: Readable<T, S>) {
  @Injectable()
  abstract class Reads {
    constructor(
      protected readonly db: Database,
      protected readonly commands: CommandBus,
    ) {}

    @Get()
    @Roles('approver', 'support', 'auditor')
    list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) reply: FastifyReply) {
      return listResource(reply, readable.resource, query, readable.shape, (page) => readable.list(this.db, page));
    }

    @Get(':id')
    @Roles('approver', 'support', 'auditor')
    show(@Param('id') id: string) {
      return found(readable.show(this.db, id), readable.notFound(id));
    }
  }
  return Reads;
}

/**
 * A maker's call of a four-eyes action (decision 0034) answered: 202 `{ status: 'AwaitingSecondApproval', id }`
 * when the request now waits for a second admin, or the action's own answer when it was carried out at once.
 */
export async function fourEyesAnswer(
  reply: FastifyReply,
  answer: Promise<FourEyesAnswer>,
  doneStatus: 200 | 201 = 200,
): Promise<void> {
  // The route takes `@Res()` without passthrough: Nest would otherwise overwrite 202 with the route's own code.
  const settled = await answer;
  if (settled.kind === 'done') await reply.status(doneStatus).send(settled.result);
  else await reply.status(202).send(settled.body);
}
