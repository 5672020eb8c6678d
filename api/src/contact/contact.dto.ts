import { Transform } from 'class-transformer';
import { IsEmail, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';

/** Text fields are trimmed before their length is checked: ten spaces are no message. */
const Trimmed = () => Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));

/**
 * Public spec §5 contact rules, with its exact messages. class-validator runs decorators bottom-up and
 * stops at the first failure, so the type check sits last. Every field is trimmed first (Trimmed).
 */
export class ContactMessageDto {
  @MinLength(2, { message: 'Name must be at least 2 characters' })
  @MaxLength(200, { message: 'Name must be at most 200 characters' })
  @IsString({ message: 'Name must be at least 2 characters' })
  @Trimmed()
  name!: string;

  @MaxLength(320, { message: 'Please enter a valid email address' })
  @IsEmail({}, { message: 'Please enter a valid email address' })
  @Trimmed()
  email!: string;

  @MinLength(5, { message: 'Subject must be at least 5 characters' })
  @MaxLength(300, { message: 'Subject must be at most 300 characters' })
  @IsString({ message: 'Subject must be at least 5 characters' })
  @Trimmed()
  subject!: string;

  @MinLength(10, { message: 'Message must be at least 10 characters' })
  @MaxLength(10000, { message: 'Message must be at most 10000 characters' })
  @IsString({ message: 'Message must be at least 10 characters' })
  @Trimmed()
  message!: string;

  @IsOptional()
  @MaxLength(200, { message: 'Company must be at most 200 characters' })
  @IsString({ message: 'Company must be text' })
  @Trimmed()
  company?: string;

  @IsOptional()
  @MaxLength(50, { message: 'Phone must be at most 50 characters' })
  @IsString({ message: 'Phone must be text' })
  @Trimmed()
  phone?: string;
}
