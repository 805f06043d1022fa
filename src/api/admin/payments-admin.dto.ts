import { NotFoundException } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, IsBoolean, IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';

import { errorBody } from '../../platform/http/error-body';
import { RemarkRequiredDto } from './admin.dto';

export const IFSC = /^[A-Z]{4}0[A-Z0-9]{6}$/;

const ID = /^[A-Za-z0-9]{1,40}$/;
/** A payments path id (option, request, order), or 404 before any read: no id has other characters. */
export const checkId = (id: string): string => {
  if (!ID.test(id)) throw new NotFoundException(errorBody(404, 'Not found'));
  return id;
};
/** At least two characters once trimmed (names are stored trimmed). */
const AT_LEAST_TWO_VISIBLE = /^\s*\S[\s\S]*\S\s*$/;

/** A bank or QR option (react-admin sends the whole record back on edit; read-only fields are accepted and ignored). */
export class PaymentOptionDto {
  @ApiProperty({ enum: ['Bank', 'QR'] }) @IsIn(['Bank', 'QR'], { message: 'type must be Bank or QR' }) type!:
    'Bank' | 'QR';
  @ApiProperty()
  @IsString({ message: 'Bank_Name must be text' })
  @Matches(AT_LEAST_TWO_VISIBLE, { message: 'Bank_Name is required' })
  @MaxLength(80, { message: 'Bank_Name must be at most 80 characters' })
  Bank_Name!: string;
  @ApiProperty()
  @IsString({ message: 'acholdername must be text' })
  @Matches(AT_LEAST_TWO_VISIBLE, { message: 'acholdername is required' })
  @MaxLength(80, { message: 'acholdername must be at most 80 characters' })
  acholdername!: string;
  @ApiProperty({ description: 'account number (Bank) or UPI id (QR)' })
  @IsString({ message: 'btcaddress must be text' })
  @Matches(/^[A-Za-z0-9.\-_@]{3,60}$/, {
    message: 'btcaddress must be an account number or UPI id (3 to 60 letters, digits, . - _ @)',
  })
  btcaddress!: string;
  @ApiPropertyOptional({ description: 'required for Bank: ^[A-Z]{4}0[A-Z0-9]{6}$' })
  @IsOptional()
  @IsString({ message: 'ifsc must be text' })
  @MaxLength(11, { message: 'IFSC must be 11 characters' })
  ifsc?: string;
  @ApiPropertyOptional()
  @IsOptional()
  @IsString({ message: 'Branch must be text' })
  @MaxLength(80, { message: 'Branch must be at most 80 characters' })
  Branch?: string;
  @ApiPropertyOptional({ description: 'QR image link (required for QR)' })
  @IsOptional()
  @IsString({ message: 'imglink must be text' })
  @Matches(/^(https?:\/\/\S{1,500})?$/, { message: 'imglink must be an http(s) link' })
  imglink?: string;
  @ApiPropertyOptional() @IsOptional() @IsBoolean({ message: 'disabled must be true or false' }) disabled?: boolean;
  @ApiPropertyOptional() @Allow() id?: unknown;
  @ApiPropertyOptional() @Allow() created_at?: unknown;
  @ApiPropertyOptional() @Allow() updated_at?: unknown;
}

/** Resolve a late payment: issue the e-pins or dismiss, with a remark. */
export class ResolveLateDto extends RemarkRequiredDto {
  @ApiProperty({ enum: ['issue', 'dismiss'] })
  @IsIn(['issue', 'dismiss'], { message: 'decision must be issue or dismiss' })
  decision!: 'issue' | 'dismiss';
}

export class NoBodyDto {}
