import { Transform } from 'class-transformer';
import { IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { CATEGORY_MERGE_RULES as RULES } from '@directory/core';

/** Trimmed, inner spaces collapsed, before the length is checked. */
const Tidied = () =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().replace(/\s+/g, ' ') : value));

/** Bottom-up: tidied, a string, then its length and a letter or digit (class-validator stops at the first failure). */
export class CategoryMergeDto {
  @Matches(/[\p{L}\p{N}]/u, { message: RULES.noWord })
  @MaxLength(RULES.maxChars, { message: RULES.tooLong })
  @MinLength(1, { message: RULES.empty })
  @IsString({ message: RULES.empty })
  @Tidied()
  spelling!: string;

  @Matches(/[\p{L}\p{N}]/u, { message: RULES.noWord })
  @MaxLength(RULES.maxChars, { message: RULES.tooLong })
  @MinLength(1, { message: RULES.empty })
  @IsString({ message: RULES.empty })
  @Tidied()
  into!: string;
}
