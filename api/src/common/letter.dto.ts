import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';

/** ?letter=L of the category and city lists (A–Z strips) plus a free-text filter. */
export class LetterQuery {
  @IsOptional()
  @Matches(/^\p{L}$/u, { message: 'letter must be a single letter such as A' })
  letter?: string;

  @IsOptional()
  @IsString()
  @MaxLength(100, { message: 'q must be at most 100 characters' })
  q?: string;
}

/** SQL condition: the name's first letter, accents folded, is the given letter. */
export function firstLetterCondition(column: string): string {
  return `upper(left(unaccent(${column}), 1)) = upper(unaccent(?))`;
}
