/**
 * The public contact form (public spec §5) and the admin's list of what it stored: the rules the api's DTO
 * enforces and the browser's form checks first, and the messages both show. Browser-safe: no Node imports.
 */
import type { AdminPagination } from './paging.js';

/** Length limits of each field, counted on the trimmed text, with the spec's messages. */
export const CONTACT_RULES = {
  name: {
    min: 2,
    max: 200,
    tooShort: 'Name must be at least 2 characters',
    tooLong: 'Name must be at most 200 characters',
  },
  email: { max: 320, invalid: 'Please enter a valid email address' },
  subject: {
    min: 5,
    max: 300,
    tooShort: 'Subject must be at least 5 characters',
    tooLong: 'Subject must be at most 300 characters',
  },
  message: {
    min: 10,
    max: 10000,
    tooShort: 'Message must be at least 10 characters',
    tooLong: 'Message must be at most 10000 characters',
  },
  company: { max: 200, tooLong: 'Company must be at most 200 characters', notText: 'Company must be text' },
  phone: { max: 50, tooLong: 'Phone must be at most 50 characters', notText: 'Phone must be text' },
} as const;

/** The form as the visitor fills it in (optional fields empty rather than absent). */
export type ContactFields = {
  name: string;
  email: string;
  subject: string;
  message: string;
  company: string;
  phone: string;
};
export type ContactErrors = Partial<Record<keyof ContactFields, string>>;

export const EMPTY_CONTACT: ContactFields = { name: '', email: '', subject: '', message: '', company: '', phone: '' };

/**
 * An address the server's check (class-validator's IsEmail) also accepts: no stray dots in the local
 * part, domain labels of letters, digits and inner dashes, and a top-level domain of 2+ letters. A looser
 * rule would let the form send what the server refuses, and the visitor would see only the generic error.
 */
const EMAIL = /^[^\s@."]+(?:\.[^\s@."]+)*@(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+\p{L}{2,}$/u;

/** Public spec §5 rules with their exact messages, as the browser checks them before sending. */
export function validateContact(f: ContactFields): ContactErrors {
  const errors: ContactErrors = {};
  const { name, email, subject, message } = CONTACT_RULES;
  if (f.name.trim().length < name.min) errors.name = name.tooShort;
  if (!EMAIL.test(f.email.trim())) errors.email = email.invalid;
  if (f.subject.trim().length < subject.min) errors.subject = subject.tooShort;
  if (f.message.trim().length < message.min) errors.message = message.tooShort;
  return errors;
}

/** What the form sends: the values it validated, i.e. trimmed (the server counts lengths as sent). */
export function contactPayload(f: ContactFields): ContactFields {
  return Object.fromEntries(Object.entries(f).map(([key, value]) => [key, value.trim()])) as ContactFields;
}

/** One stored message as GET /api/admin/contact-messages lists it. */
export interface ContactMessageListing {
  id: number;
  name: string;
  email: string;
  subject: string;
  message: string;
  company: string | null;
  phone: string | null;
  /** The time it was stored, as PostgreSQL writes it. */
  createdAt: string;
  /** When an admin marked it read, as PostgreSQL writes it; null while unread. */
  readAt: string | null;
}

/** GET /api/admin/contact-messages: a page, newest first. */
export interface ContactMessagePage {
  messages: ContactMessageListing[];
  total: number;
  /** Messages not marked read, of all (not only this page). */
  unread: number;
  pagination: AdminPagination;
}

/**
 * How long contact messages are kept (personal data): a whole number of months, 12 unless the admin chose
 * otherwise; older ones are deleted by the worker's daily contact-retention job.
 */
export const CONTACT_RETENTION = {
  defaultMonths: 12,
  minMonths: 1,
  maxMonths: 120,
  invalid: 'months must be a whole number from 1 to 120',
} as const;

/** Most messages one bulk delete or mark takes (the admin selects them on a page of 20). */
export const CONTACT_BULK_MAX = 500;

/** The `mailto:` link answering a message: to its sender, subject "Re: …" (once), both encoded. */
export function contactReplyLink(message: Pick<ContactMessageListing, 'email' | 'subject'>): string {
  const subject = /^re:/i.test(message.subject.trim()) ? message.subject.trim() : `Re: ${message.subject.trim()}`;
  return `mailto:${encodeURIComponent(message.email).replace('%40', '@')}?subject=${encodeURIComponent(subject)}`;
}
