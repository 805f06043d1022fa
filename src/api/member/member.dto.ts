import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';

/** Clients send ids and numbers either as JSON numbers or strings; both become strings here. */
const AsText = () =>
  Transform(({ value }) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : value));

/** Upper bound for any free text field, far above the form limits: the domain checks the real ones. */
const MAX_FIELD = 200;

export class RegistrationDto {
  @ApiProperty({ example: '100000' }) @IsOptional() @AsText() @IsString() @MaxLength(MAX_FIELD) sid?: string;
  @ApiProperty({ example: 'Asha Rao' }) @IsOptional() @IsString() @MaxLength(MAX_FIELD) name?: string;
  @ApiProperty({ example: 'asha@example.com' }) @IsOptional() @IsString() @MaxLength(MAX_FIELD) email?: string;
  @ApiProperty({ example: 'secret1' }) @IsOptional() @IsString() @MaxLength(MAX_FIELD) password?: string;
  @ApiProperty({ example: '9876543210' }) @IsOptional() @AsText() @IsString() @MaxLength(MAX_FIELD) mobile?: string;
  @ApiProperty({ example: '101' }) @IsOptional() @AsText() @IsString() @MaxLength(MAX_FIELD) countryid?: string;
  @ApiProperty({ example: 'Nashik' }) @IsOptional() @IsString() @MaxLength(MAX_FIELD) city?: string;
  @ApiProperty({ example: 'Maharashtra' }) @IsOptional() @IsString() @MaxLength(MAX_FIELD) state?: string;
  @ApiProperty({ example: 'asha@upi' }) @IsOptional() @AsText() @IsString() @MaxLength(MAX_FIELD) upinumber?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) WalletAddress?: string;
  // Sent empty by the registration form; accepted and ignored (bank and nominee details come later, locked).
  @ApiPropertyOptional() @IsOptional() @AsText() @IsString() @MaxLength(MAX_FIELD) accountnumber?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(MAX_FIELD) holdername?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(MAX_FIELD) ifsccode?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(MAX_FIELD) bankname?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(MAX_FIELD) branchname?: string;
  @ApiPropertyOptional() @IsOptional() @AsText() @IsString() @MaxLength(MAX_FIELD) pannumber?: string;
  @ApiPropertyOptional() @IsOptional() @AsText() @IsString() @MaxLength(MAX_FIELD) aadharnumber?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(MAX_FIELD) nomineename?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(MAX_FIELD) nomineerelation?: string;
}

const BOTH = 'Please enter both username and password.';

export class LoginDto {
  // The password cap is registration's (30), not the login form's input cap (20): any password the
  // contract accepted at registration must be able to log in through it.
  // Decorators register bottom-up and stopAtFirstError reports the first registered: the emptiness check sits last so it wins.
  @ApiProperty({ example: '100000' })
  @Matches(/^\d{1,6}$/, { message: 'User Id must be up to 6 digits' })
  @IsString({ message: BOTH })
  @IsNotEmpty({ message: BOTH })
  @AsText()
  uid!: string;
  @ApiProperty({ example: 'Member@123' })
  @MaxLength(30, { message: 'Password should not be greater than 30 characters' })
  @IsString({ message: BOTH })
  @IsNotEmpty({ message: BOTH })
  password!: string;
  @ApiPropertyOptional({ description: 'Stored as a hint only; the server records the connection address.' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  ipaddress?: string;
}

export class ImpersonationLoginDto {
  @ApiProperty() @IsString() @IsNotEmpty({ message: 'Invalid or expired login link' }) @MaxLength(2000) token!: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(64) ipaddress?: string;
}

export class UidDto {
  @ApiPropertyOptional({ description: 'Optional; must equal the signed-in member' })
  @IsOptional()
  @AsText()
  @IsString()
  @MaxLength(15)
  uid?: string;
}

export class ForgotPasswordDto {
  @ApiProperty({ example: '100000' })
  @Matches(/^\d{1,6}$/, { message: 'Invalid User Id' })
  @IsString({ message: 'Please Enter User Id !!' })
  @IsNotEmpty({ message: 'Please Enter User Id !!' })
  @AsText()
  uid!: string;
}

export class ResetPasswordDto {
  @ApiProperty() @IsString() @IsNotEmpty({ message: 'Invalid or expired reset link' }) @MaxLength(300) token!: string;
  @ApiProperty()
  @IsString({ message: 'Password is required' })
  @MinLength(6, { message: 'Password must be at least 6 characters' })
  @MaxLength(20, { message: 'Password should not be greater than 20 characters' })
  password!: string;
}

export class UidQuery {
  @ApiProperty({ example: '100000' })
  @IsString()
  @IsNotEmpty({ message: 'uid is required' })
  @MaxLength(15, { message: 'Sponsor Id should not be greater than 15 characters' })
  uid!: string;
}

export class CountryQuery {
  @ApiProperty({ example: '101' }) @IsString() @Matches(/^\d{1,6}$/, { message: 'id must be a number' }) id!: string;
}
