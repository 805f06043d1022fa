import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { ADMIN_ROLES, AdminRole } from '../../modules/identity';

export class AdminLoginDto {
  @ApiProperty() @IsString() @IsNotEmpty({ message: 'username is required' }) @MaxLength(40) username!: string;
  @ApiProperty() @IsString() @IsNotEmpty({ message: 'password is required' }) @MaxLength(100) password!: string;
  /** The second factor, for an admin with TOTP on: a current 6-digit code or an unused recovery code. */
  @ApiPropertyOptional()
  @IsOptional()
  @IsString({ message: 'totp must be a 6-digit code or a recovery code' })
  @MaxLength(40, { message: 'totp must be a 6-digit code or a recovery code' })
  totp?: string;
}

/** A code that proves the admin's authenticator: a current 6-digit code (disable: or an unused recovery code). */
export class TotpCodeDto {
  @ApiProperty()
  @IsString({ message: 'code is required' })
  @IsNotEmpty({ message: 'code is required' })
  @MaxLength(40, { message: 'code must be a 6-digit code or a recovery code' })
  code!: string;
}

export class RemarkDto {
  @ApiProperty()
  @IsString({ message: 'Please Enter Remark !!' })
  @IsNotEmpty({ message: 'Please Enter Remark !!' })
  @MaxLength(500)
  remark!: string;
}

/** A required remark (reject, resolve): text with something other than spaces, at most 300 characters. */
export class RemarkRequiredDto {
  @ApiProperty()
  @IsString({ message: 'remark must be text' })
  @MinLength(1, { message: 'Please Enter Remark !!' })
  @Matches(/\S/, { message: 'Please Enter Remark !! (a remark of only spaces is empty)' })
  @MaxLength(300, { message: 'remark must be at most 300 characters' })
  remark!: string;
}

/** The reason an admin gives for unlocking a member's bank details or wallet address: required, at most 300 characters. */
export class ReasonDto {
  @ApiProperty()
  @IsString({ message: 'reason must be text' })
  @Matches(/\S/, { message: 'Please enter a reason' })
  @MaxLength(300, { message: 'reason must be at most 300 characters' })
  reason!: string;
}

export class CreateAdminUserDto {
  @ApiProperty()
  @IsString()
  @Matches(/^[a-z][a-z0-9_.-]{2,39}$/, {
    message: 'username must be 3 to 40 lower-case letters, digits, _ . -, starting with a letter',
  })
  username!: string;
  /** At least 12 characters and not a common password (the handler checks both: decision 0032). */
  @ApiProperty()
  @IsString({ message: 'password must be text' })
  @MaxLength(100, { message: 'password must be at most 100 characters' })
  password!: string;
  @ApiProperty({ enum: ADMIN_ROLES })
  @IsIn(ADMIN_ROLES, { message: `role must be one of ${ADMIN_ROLES.join(', ')}` })
  role!: AdminRole;
}

export class UpdateAdminUserDto {
  // react-admin sends the whole record back on edit; the read-only fields are accepted and ignored.
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(40) id?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(40) username?: string;
  @ApiPropertyOptional() @IsOptional() created_at?: unknown;
  @ApiPropertyOptional() @IsOptional() last_login_at?: unknown;
  @ApiPropertyOptional({ enum: ADMIN_ROLES })
  @IsOptional()
  @IsIn(ADMIN_ROLES, { message: `role must be one of ${ADMIN_ROLES.join(', ')}` })
  role?: AdminRole;
  @ApiPropertyOptional() @IsOptional() @IsBoolean({ message: 'disabled must be true or false' }) disabled?: boolean;
  /** A new password (empty: unchanged), held to the admin policy by the handler (decision 0032). */
  @ApiPropertyOptional()
  @IsOptional()
  @IsString({ message: 'password must be text' })
  @MaxLength(100, { message: 'password must be at most 100 characters' })
  password?: string;
}

/** POST /admin-api/auth/password: the admin's own change; the new one is held to the admin policy (decision 0032). */
export class ChangeAdminPasswordDto {
  @ApiProperty()
  @IsString({ message: 'currentPassword must be text' })
  @IsNotEmpty({ message: 'currentPassword is required' })
  @MaxLength(100, { message: 'currentPassword must be at most 100 characters' })
  currentPassword!: string;
  @ApiProperty()
  @IsString({ message: 'newPassword must be text' })
  @IsNotEmpty({ message: 'newPassword is required' })
  @MaxLength(100, { message: 'newPassword must be at most 100 characters' })
  newPassword!: string;
}
