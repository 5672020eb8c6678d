import { IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { Tidied } from '../common/params.dto.js';
import { CATEGORY_MERGE_RULES as RULES } from '@directory/core';

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
