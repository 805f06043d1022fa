import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { TICKET_LIMITS } from '../../modules/support';
import { UidBodyDto } from './help.dto';

const AsText = () =>
  Transform(({ value }) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : value));

export class HelpdeskQueryDto extends UidBodyDto {
  @ApiPropertyOptional({
    description: `the member's query: required ('Please enter your query'), at most ${TICKET_LIMITS.QUERY_MAX_LENGTH} characters, line breaks allowed`,
  })
  @IsOptional()
  @MaxLength(TICKET_LIMITS.QUERY_MAX_LENGTH, {
    message: `Your query must be at most ${TICKET_LIMITS.QUERY_MAX_LENGTH} characters`,
  })
  // Listed last, checked first: a query that is not text says so.
  @IsString({ message: 'query must be text' })
  query?: string;
}

export class UserNewsDto extends UidBodyDto {
  @ApiPropertyOptional({ enum: ['1'], description: 'the spec sends type=1 (all visible news)' })
  @IsOptional()
  @AsText()
  @IsIn(['1'], { message: 'type must be 1' })
  type?: string;
}
