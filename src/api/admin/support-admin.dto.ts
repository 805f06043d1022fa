import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { Allow, IsBoolean, IsOptional, IsString, Matches, MaxLength, ValidateIf } from 'class-validator';
import { NEWS_CONTENT_MAX_LENGTH } from '../../modules/news';
import { TICKET_LIMITS } from '../../modules/support';

/** The desk's reply to a ticket: text with something other than spaces, line breaks allowed. */
export class TicketReplyDto {
  @ApiProperty({ description: `the reply the member sees, at most ${TICKET_LIMITS.REPLY_MAX_LENGTH} characters` })
  @IsString({ message: 'message must be text' })
  @Matches(/\S/, { message: 'Please enter a reply' })
  @MaxLength(TICKET_LIMITS.REPLY_MAX_LENGTH, {
    message: `message must be at most ${TICKET_LIMITS.REPLY_MAX_LENGTH} characters`,
  })
  message!: string;
}

const NEWS_CONTENT_MESSAGE = `content must be at most ${NEWS_CONTENT_MAX_LENGTH} characters`;

/** A news item as created: its text and whether it starts hidden. */
export class NewsCreateDto {
  @ApiProperty({ description: `the news text, 1 to ${NEWS_CONTENT_MAX_LENGTH} characters, line breaks allowed` })
  @IsString({ message: 'content must be text' })
  @Matches(/\S/, { message: 'Please enter the news content' })
  @MaxLength(NEWS_CONTENT_MAX_LENGTH, { message: NEWS_CONTENT_MESSAGE })
  content!: string;
  @ApiPropertyOptional({ description: 'true: members do not see it (yet)' })
  @IsOptional()
  @IsBoolean({ message: 'hidden must be true or false' })
  hidden?: boolean;
}

/** An edit (react-admin sends the whole record back; the read-only fields are accepted and ignored). */
export class NewsUpdateDto {
  @ApiPropertyOptional()
  @Transform(({ value }) => (value === null ? '' : value)) // react-admin sends a cleared field as null
  @ValidateIf((dto: NewsUpdateDto) => dto.content !== undefined)
  @IsString({ message: 'content must be text' })
  @Matches(/\S/, { message: 'Please enter the news content' })
  @MaxLength(NEWS_CONTENT_MAX_LENGTH, { message: NEWS_CONTENT_MESSAGE })
  content?: string;
  @ApiPropertyOptional()
  @ValidateIf((dto: NewsUpdateDto) => dto.hidden !== undefined) // null is not "unchanged": it is refused
  @IsBoolean({ message: 'hidden must be true or false' })
  hidden?: boolean;
  @ApiPropertyOptional() @Allow() id?: unknown;
  @ApiPropertyOptional() @Allow() publishedAt?: unknown;
  @ApiPropertyOptional() @Allow() publishedBy?: unknown;
  @ApiPropertyOptional() @Allow() updatedAt?: unknown;
  @ApiPropertyOptional() @Allow() updatedBy?: unknown;
}
