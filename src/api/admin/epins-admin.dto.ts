import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsInt, Matches, Max, Min } from 'class-validator';
import { MAX_ISSUE_QUANTITY } from '../../modules/epins';

export class IssueEpinsDto {
  @ApiProperty({ example: '100001' })
  @Matches(/^[1-9]\d{5}$/, { message: 'owner must be a 6-digit member id' })
  owner!: string;
  @ApiProperty({ enum: ['EpintypeA', 'EpintypeB'] })
  @IsIn(['EpintypeA', 'EpintypeB'], { message: 'type must be EpintypeA or EpintypeB' })
  type!: 'EpintypeA' | 'EpintypeB';
  @ApiProperty({ example: 5 })
  @IsInt({ message: 'quantity must be a whole number' })
  @Min(1, { message: 'quantity must be at least 1' })
  @Max(MAX_ISSUE_QUANTITY, { message: `quantity must be at most ${MAX_ISSUE_QUANTITY}` })
  quantity!: number;
}
