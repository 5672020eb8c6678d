import { Transform } from 'class-transformer';
import { IsEmail, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { CONTACT_RULES as RULES } from '@directory/core';

/** Text fields are trimmed before their length is checked: ten spaces are no message. */
const Trimmed = () => Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));

/**
 * Public spec §5 contact rules, with its exact messages (core/src/wire/contact.ts, which the web form checks
 * too). class-validator runs decorators bottom-up and stops at the first failure, so the type check sits
 * last. Every field is trimmed first (Trimmed).
 */
export class ContactMessageDto {
  @MinLength(RULES.name.min, { message: RULES.name.tooShort })
  @MaxLength(RULES.name.max, { message: RULES.name.tooLong })
  @IsString({ message: RULES.name.tooShort })
  @Trimmed()
  name!: string;

  @MaxLength(RULES.email.max, { message: RULES.email.invalid })
  @IsEmail({}, { message: RULES.email.invalid })
  @Trimmed()
  email!: string;

  @MinLength(RULES.subject.min, { message: RULES.subject.tooShort })
  @MaxLength(RULES.subject.max, { message: RULES.subject.tooLong })
  @IsString({ message: RULES.subject.tooShort })
  @Trimmed()
  subject!: string;

  @MinLength(RULES.message.min, { message: RULES.message.tooShort })
  @MaxLength(RULES.message.max, { message: RULES.message.tooLong })
  @IsString({ message: RULES.message.tooShort })
  @Trimmed()
  message!: string;

  @IsOptional()
  @MaxLength(RULES.company.max, { message: RULES.company.tooLong })
  @IsString({ message: RULES.company.notText })
  @Trimmed()
  company?: string;

  @IsOptional()
  @MaxLength(RULES.phone.max, { message: RULES.phone.tooLong })
  @IsString({ message: RULES.phone.notText })
  @Trimmed()
  phone?: string;
}
