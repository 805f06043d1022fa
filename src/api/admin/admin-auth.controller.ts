import { Body, Controller, Get, HttpCode, Inject, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { FastifyRequest } from 'fastify';
import { APP_CONFIG, AppConfig } from '../../config/config';
import {
  AccountSetupCall,
  ADMIN_ROLES,
  AdminAuthGuard,
  AdminPrincipal,
  ChangeAdminPasswordCommand,
  CurrentAdmin,
  LoginAdminCommand,
  LogoutAdminCommand,
  Roles,
} from '../../modules/identity';
import { anonymous, metadataFrom } from '../../platform/http/request-context';
import { RateLimited, RateLimitGuard } from '../../platform/http/rate-limit.guard';
import { adminMeta } from './admin-endpoints';
import { AdminLoginDto, ChangeAdminPasswordDto } from './admin.dto';

@ApiTags('admin')
@Controller('auth')
@UseGuards(RateLimitGuard)
export class AdminAuthController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('login')
  @HttpCode(200)
  @RateLimited('login')
  @ApiOperation({ summary: '{ username, password } → { token, username, role, mustChangePassword }' })
  login(@Body() body: AdminLoginDto, @Req() request: FastifyRequest) {
    return this.commands.execute(
      new LoginAdminCommand(body.username, body.password, metadataFrom(request, anonymous()), body.totp || undefined),
    );
  }

  @Get('me')
  @ApiBearerAuth()
  @UseGuards(AdminAuthGuard)
  @Roles(...ADMIN_ROLES)
  @AccountSetupCall()
  @ApiOperation({
    summary: 'The signed-in admin: { username, role, mustChangePassword, totpEnabled, totpEnrolmentRequired }',
  })
  me(@CurrentAdmin() admin: AdminPrincipal) {
    return {
      username: admin.username,
      role: admin.role,
      mustChangePassword: admin.mustChangePassword,
      totpEnabled: admin.totpEnabled,
      totpEnrolmentRequired: this.config.adminTotp.required && !admin.totpEnabled,
    };
  }

  @Post('password')
  @HttpCode(200)
  @ApiBearerAuth()
  @UseGuards(AdminAuthGuard)
  @Roles(...ADMIN_ROLES)
  @AccountSetupCall()
  @RateLimited('login')
  @ApiOperation({
    summary:
      '{ currentPassword, newPassword } → { token, username, role, mustChangePassword: false }: the new password (at least 12 characters, not a common one); every token issued before ends, the answer is a token of this session under the new password',
  })
  changePassword(
    @Body() body: ChangeAdminPasswordDto,
    @CurrentAdmin() admin: AdminPrincipal,
    @Req() request: FastifyRequest,
  ) {
    return this.commands.execute(
      new ChangeAdminPasswordCommand(
        admin.username,
        admin.sessionId,
        body.currentPassword,
        body.newPassword,
        adminMeta(request, admin),
      ),
    );
  }

  @Post('logout')
  @HttpCode(200)
  @ApiBearerAuth()
  @UseGuards(AdminAuthGuard)
  @Roles(...ADMIN_ROLES)
  @AccountSetupCall()
  @ApiOperation({
    summary: 'Ends this token’s session server-side: a later call with it answers 401 → { loggedOut: true }',
  })
  logout(@CurrentAdmin() admin: AdminPrincipal, @Req() request: FastifyRequest) {
    return this.commands.execute(new LogoutAdminCommand(admin.username, admin.sessionId, adminMeta(request, admin)));
  }
}
