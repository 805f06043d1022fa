import { Body, Controller, Get, Header, HttpCode, Inject, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { FastifyRequest } from 'fastify';
import { APP_CONFIG, AppConfig } from '../../config/config';
import {
  AccountSetupCall,
  ADMIN_ROLES,
  AdminAuthGuard,
  AdminPrincipal,
  CurrentAdmin,
  DisableAdminTotpCommand,
  EnableAdminTotpCommand,
  Roles,
  SetUpAdminTotpCommand,
} from '../../modules/identity';
import type { TotpStatus } from '../../modules/identity';
import { adminMeta } from './admin-endpoints';
import { TotpCodeDto } from './admin.dto';

/** The signed-in admin's own second factor (decision 0033); every admin role may manage its own. */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('auth/totp')
@UseGuards(AdminAuthGuard)
@Roles(...ADMIN_ROLES)
@AccountSetupCall()
export class AdminTotpController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  status(@CurrentAdmin() admin: AdminPrincipal): TotpStatus {
    return { enabled: admin.totpEnabled, enrolmentRequired: this.config.adminTotp.required && !admin.totpEnabled };
  }

  /** Answers the secret once: never cached, never logged. */
  @Post('setup')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  setUp(@CurrentAdmin() admin: AdminPrincipal, @Req() request: FastifyRequest) {
    return this.commands.execute(new SetUpAdminTotpCommand(admin.username, adminMeta(request, admin)));
  }

  /** Answers the recovery codes once: never cached, never logged. */
  @Post('enable')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  enable(@Body() body: TotpCodeDto, @CurrentAdmin() admin: AdminPrincipal, @Req() request: FastifyRequest) {
    return this.commands.execute(new EnableAdminTotpCommand(admin.username, body.code, adminMeta(request, admin)));
  }

  @Post('disable')
  @HttpCode(200)
  disable(@Body() body: TotpCodeDto, @CurrentAdmin() admin: AdminPrincipal, @Req() request: FastifyRequest) {
    return this.commands.execute(new DisableAdminTotpCommand(admin.username, body.code, adminMeta(request, admin)));
  }
}
