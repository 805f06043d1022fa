import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, isISO8601, IsOptional, IsString, MaxLength, ValidateBy } from 'class-validator';

export const AsText = () =>
  Transform(({ value }) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : value));
/** The earliest year a report may start from: PostgreSQL refuses year 0, and no record is older than the product. */
const EARLIEST_REPORT_YEAR = 2000;
/** Empty, or YYYY-MM-DD naming a real day (not 2026-02-30) from EARLIEST_REPORT_YEAR to 9999. */
const isReportDate = (value: unknown): boolean =>
  typeof value === 'string' &&
  (value === '' ||
    (/^\d{4}-\d{2}-\d{2}$/.test(value) &&
      isISO8601(value, { strict: true }) &&
      Number(value.slice(0, 4)) >= EARLIEST_REPORT_YEAR));
const ReportDate = (name: string) =>
  ValidateBy({
    name: 'isReportDate',
    validator: { validate: isReportDate, defaultMessage: () => `${name} must be YYYY-MM-DD` },
  });
const EPIN_TYPES = ['EpintypeA', 'EpintypeB'];

export class DatedDto {
  @ApiPropertyOptional() @IsOptional() @AsText() @IsString() @MaxLength(15) uid?: string;
  @ApiPropertyOptional({ example: '2026-11-01' }) @IsOptional() @IsString() @ReportDate('fdate') fdate?: string;
  @ApiPropertyOptional({ example: '2026-11-30' }) @IsOptional() @IsString() @ReportDate('tdate') tdate?: string;
}

export class ActivationHistoryDto extends DatedDto {
  @ApiPropertyOptional({ description: 'ignored; the caller is the token' })
  @IsOptional()
  @AsText()
  @IsString()
  @MaxLength(15)
  sid?: string;
  @ApiProperty({ enum: ['1', '2', '3', '4'] })
  @AsText()
  @IsIn(['1', '2', '3', '4'], { message: 'type must be 1, 2, 3 or 4' })
  type!: string;
}

export class IncomeReportDto extends DatedDto {
  @ApiProperty({ enum: ['LevelIncome', 'WithdrawalHistory', 'news'] })
  @IsIn(['LevelIncome', 'WithdrawalHistory', 'news'], {
    message: 'type must be LevelIncome, WithdrawalHistory or news',
  })
  type!: string;
}

export class EpinTransferDto {
  @ApiPropertyOptional() @IsOptional() @AsText() @IsString() @MaxLength(15) uid?: string;
  @ApiProperty({ example: '2' })
  @IsOptional()
  @AsText()
  @IsString()
  @MaxLength(5, { message: 'Epin Quantity should not be greater than 5 digits' })
  qty?: string;
  @ApiProperty({ example: '482913' })
  @IsOptional()
  @AsText()
  @IsString()
  @MaxLength(6, { message: 'User Id should not be greater than 6 digits' })
  touid?: string;
  @ApiPropertyOptional({ enum: EPIN_TYPES })
  @IsOptional()
  @IsIn(EPIN_TYPES, { message: 'epintype must be EpintypeA or EpintypeB' })
  epintype?: 'EpintypeA' | 'EpintypeB';
}

export class ActivateIdDto {
  @ApiPropertyOptional() @IsOptional() @AsText() @IsString() @MaxLength(15) uid?: string;
  // Shapes are checked by the controller in the spec's order ('Epin is required' before 'Wrong User Id'), so no length limit here pre-empts them.
  @ApiProperty({ example: '482913' }) @IsOptional() @AsText() @IsString({ message: 'Wrong User Id' }) touid?: string;
  @ApiProperty({ example: 'K7M3QX9TRWAB' }) @IsOptional() @IsString({ message: 'Invalid Epin' }) epin?: string;
}

export class HelpRequestDto {
  @ApiProperty({ description: 'must be the signed-in member' }) @AsText() @IsString() @MaxLength(15) sid!: string;
  @ApiPropertyOptional() @IsOptional() @AsText() @IsString() @MaxLength(15) referby?: string;
  @ApiProperty({ enum: EPIN_TYPES }) @IsIn(EPIN_TYPES, { message: 'epin must be EpintypeA or EpintypeB' }) epin!:
    'EpintypeA' | 'EpintypeB';
  @ApiProperty({ enum: ['Activate', 'Upgrade'] })
  @IsIn(['Activate', 'Upgrade'], { message: 'type must be Activate or Upgrade' })
  type!: string;
}

export class UidOnlyQuery {
  @ApiProperty() @IsOptional() @AsText() @IsString() @MaxLength(15) uid?: string;
}
