import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsString, Matches, ValidateBy } from 'class-validator';
import { RemarkRequiredDto } from './admin.dto';

/** Whole rupees as a number or digit text, at least 1, at most 10 digits. */
const WholeRupees = () =>
  ValidateBy({
    name: 'isWholeRupees',
    validator: {
      validate: (value: unknown) =>
        (typeof value === 'number' && Number.isSafeInteger(value) && value >= 1 && value <= 9_999_999_999) ||
        (typeof value === 'string' && /^[1-9]\d{0,9}$/.test(value)),
      defaultMessage: () => 'amountRupees must be whole rupees (1 to 10 digits)',
    },
  });

const ENTRY_ID = /^(ph|gh)-[0-9A-Za-z-]{1,60}$/;

export class ManualMatchDto {
  @ApiProperty({ description: 'a PH entry id from queue-entries' })
  @IsString({ message: 'phEntryId must be text' })
  @Matches(ENTRY_ID, { message: 'phEntryId must be a queue entry id' })
  phEntryId!: string;
  @ApiProperty({ description: 'a GH entry id from queue-entries' })
  @IsString({ message: 'ghEntryId must be text' })
  @Matches(ENTRY_ID, { message: 'ghEntryId must be a queue entry id' })
  ghEntryId!: string;
  @ApiProperty({ example: 5000, description: 'whole rupees' })
  @WholeRupees()
  amountRupees!: number | string;
}

/** Resolve a link: received, or cancel (amounts returned), with a remark. */
export class ResolveLinkDto extends RemarkRequiredDto {
  @ApiProperty({ enum: ['received', 'cancel'] })
  @IsIn(['received', 'cancel'], { message: 'outcome must be received or cancel' })
  outcome!: 'received' | 'cancel';
}
