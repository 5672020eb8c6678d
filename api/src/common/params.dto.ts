import { Transform } from 'class-transformer';
import { IsString, Matches, MaxLength } from 'class-validator';

/** A text field trimmed and its inner spaces collapsed, before its length is checked. */
export const Tidied = () =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().replace(/\s+/g, ' ') : value));

const SLUG_RULE = 'slug must be an address of at most 300 characters';

/** /…/{slug}: any text the site made an address of; too long is a bad parameter, unknown is a 404. */
export class SlugParams {
  @MaxLength(300, { message: SLUG_RULE })
  @IsString({ message: SLUG_RULE })
  slug!: string;
}

/** /api/cities/{countryCode}/{citySlug}. */
export class CityParams {
  @Matches(/^[A-Za-z]{2}$/, { message: 'countryCode must be a two-letter country code such as US' })
  countryCode!: string;

  @MaxLength(300, { message: 'citySlug must be an address of at most 300 characters' })
  @IsString({ message: 'citySlug must be an address of at most 300 characters' })
  citySlug!: string;
}
