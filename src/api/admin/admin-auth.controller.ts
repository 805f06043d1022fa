import { Body, Controller, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { FastifyRequest } from 'fastify';
import { LoginAdminCommand } from '../../modules/identity';
import { anonymous, metadataFrom } from '../../platform/http/request-context';
import { RateLimited, RateLimitGuard } from '../../platform/http/rate-limit.guard';
import { AdminLoginDto } from './admin.dto';

@ApiTags('admin')
@Controller('auth')
@UseGuards(RateLimitGuard)
export class AdminAuthController {
  constructor(private readonly commands: CommandBus) {}

  @Post('login')
  @HttpCode(200)
  @RateLimited('login')
  login(@Body() body: AdminLoginDto, @Req() request: FastifyRequest) {
    return this.commands.execute(
      new LoginAdminCommand(body.username, body.password, metadataFrom(request, anonymous()), body.totp || undefined),
    );
  }
}
