import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, Matches, MaxLength, ValidateBy } from 'class-validator';
import {
  ALL_LEVELS,
  CURSOR_PATTERN,
  MAX_TEAM_LEVEL,
  MAX_TEAM_OFFSET,
  MAX_TEAM_PAGE,
  MAX_TREE_DEPTH,
  NO_POSITION,
  STATUS_CODES,
} from '../../modules/network';
import { AsText, DatedDto } from './epins.dto';
import { UidBodyDto } from './help.dto';

const levels = (from: number) => Array.from({ length: MAX_TEAM_LEVEL - from + 1 }, (_, i) => String(from + i));

/** An optional whole number from `min` to `max`, sent as a JSON number or as digits. */
const WholeNumber = (name: string, min: number, max: number, description: string) =>
  applyDecorators(
    ApiPropertyOptional({ type: 'integer', minimum: min, maximum: max, description }),
    IsOptional(),
    AsText(),
    ValidateBy({
      name: 'isWholeNumberInRange',
      validator: {
        validate: (value: unknown) =>
          typeof value === 'string' && /^\d{1,9}$/.test(value) && Number(value) >= min && Number(value) <= max,
        defaultMessage: () => `${name} must be a whole number from ${min} to ${max}`,
      },
    }),
  );

/** One of `values` ('' = the spec's default), sent as text or as a number. */
const OneOf = (name: string, values: readonly string[], description: string) =>
  applyDecorators(
    ApiPropertyOptional({ enum: ['', ...values], description }),
    IsOptional(),
    AsText(),
    IsIn(['', ...values], { message: `${name} must be one of ${values.join(', ')}` }),
  );

/** The keyset cursor a previous answer gave as `next`. */
const Cursor = (example: string, description: string) =>
  applyDecorators(
    ApiPropertyOptional({ example, description }),
    IsOptional(),
    IsString({ message: 'after must be the next of a previous page' }),
    MaxLength(30, { message: 'after must be the next of a previous page' }),
    Matches(CURSOR_PATTERN, { message: 'after must be the next of a previous page' }),
  );

const STATUS_DOC = "'0' Inactive members, '1' Active, '2' (default) everyone";

/** Paging beyond the spec (decision 0026): every report answers at most MAX_TEAM_PAGE rows. */
export class TeamPageDto extends DatedDto {
  @WholeNumber(
    'limit',
    1,
    MAX_TEAM_PAGE,
    `Sahyog's paging, beyond the spec: rows in this answer (default and most ${MAX_TEAM_PAGE})`,
  )
  limit?: string;

  @WholeNumber(
    'offset',
    0,
    MAX_TEAM_OFFSET,
    `Sahyog's paging: rows skipped (after \`after\`, if given); farther pages are read with \`after\``,
  )
  offset?: string;

  @Cursor(
    '2.482913.1000',
    "Sahyog's paging: the `next` of the previous answer's page info (`data[1].next`); the page starts after that row (keyset, as fast on page 1,000 as on page 1)",
  )
  after?: string;

  @OneOf('status', STATUS_CODES, STATUS_DOC) status?: string;
}

export class DirectReportDto extends TeamPageDto {
  @OneOf('position', [NO_POSITION], 'a unilevel sponsor tree has no legs: only 0 (the spec default)') position?: string;
}

export class DownlineReportDto extends DirectReportDto {
  @OneOf(
    'lvl',
    [...levels(1), String(ALL_LEVELS)],
    `one level 1..${MAX_TEAM_LEVEL} below the caller, or ${ALL_LEVELS} (default) every level, also below ${MAX_TEAM_LEVEL}`,
  )
  lvl?: string;
}

export class LevelDetailsDto extends TeamPageDto {
  @OneOf('leveltype', levels(0), `0 (default) every level, or one level 1..${MAX_TEAM_LEVEL}`) leveltype?: string;
}

export class TeamTreeDto extends UidBodyDto {
  @ApiPropertyOptional({
    example: '482913',
    description: 'the member whose subtree to show: the caller (default) or a member of their team; anyone else → 403',
  })
  @IsOptional()
  @AsText()
  @IsString({ message: 'root must be a 6-digit User Id' })
  @Matches(/^[1-9]\d{5}$/, { message: 'root must be a 6-digit User Id' })
  root?: string;

  @WholeNumber('depth', 1, MAX_TREE_DEPTH, `levels below root in this answer (default ${MAX_TREE_DEPTH})`)
  depth?: string;

  @Cursor('3.482913.500', "the previous answer's `data[1].next`")
  after?: string;
}
