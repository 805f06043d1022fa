import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';

const AsText = () =>
  Transform(({ value }) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : value));

/** An optional remark: text, at most 300 characters. */
const OptionalRemark = () =>
  applyDecorators(
    ApiPropertyOptional(),
    IsOptional(),
    AsText(),
    IsString({ message: 'remark must be text' }),
    MaxLength(300, { message: 'remark must be at most 300 characters' }),
  );

/** `uid` is accepted and ignored: the caller is the token. */
export class UidBodyDto {
  @ApiPropertyOptional({ description: 'ignored; the caller is the token' })
  @IsOptional()
  @AsText()
  @IsString()
  @MaxLength(15)
  uid?: string;
}

export class ListAllDto extends UidBodyDto {
  @ApiProperty({ enum: ['1', '2', '3'], description: '1 pending, 2 received, 3 cancelled or expired' })
  @AsText()
  @IsIn(['1', '2', '3'], { message: 'type must be 1, 2 or 3' })
  type!: string;
}

export class LinkDetailsDto extends UidBodyDto {
  @ApiProperty({ example: 'HL0123456789AB' })
  @AsText()
  @IsString({ message: 'rowid must be text' })
  @MaxLength(40, { message: 'rowid must be at most 40 characters' })
  rowid!: string;
}

export class UpdatePhDto extends LinkDetailsDto {
  @ApiPropertyOptional({ description: 'UTR of the payment: 6 to 30 letters or digits' })
  @IsOptional()
  @AsText()
  @IsString({ message: 'utrno must be text' })
  @MaxLength(60, { message: 'UTR Number must be 6 to 30 letters or digits' })
  utrno?: string;
}

export class UpdateGhDto extends LinkDetailsDto {
  @ApiProperty({ enum: ['1', '2'], description: '1 received, 2 cancel (remark required)' })
  @AsText()
  @IsIn(['1', '2'], { message: 'status must be 1 or 2' })
  status!: string;
  @OptionalRemark()
  remark?: string;
}

export class DisputeDto extends LinkDetailsDto {
  @OptionalRemark()
  remark?: string;
}

export class WithdrawalDto extends UidBodyDto {
  @ApiPropertyOptional({ example: '500', description: 'whole rupees, digits only, at most 10' })
  @IsOptional()
  @AsText()
  @IsString({ message: 'Please Enter Amount' })
  @MaxLength(10, { message: 'Request_amount must be at most 10 digits' })
  Request_amount?: string;
}
