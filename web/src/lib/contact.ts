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

/** Public spec §5 rules with their exact messages; the server checks the same. */
export function validateContact(f: ContactFields): ContactErrors {
  const errors: ContactErrors = {};
  if (f.name.trim().length < 2) errors.name = 'Name must be at least 2 characters';
  if (!EMAIL.test(f.email.trim())) errors.email = 'Please enter a valid email address';
  if (f.subject.trim().length < 5) errors.subject = 'Subject must be at least 5 characters';
  if (f.message.trim().length < 10) errors.message = 'Message must be at least 10 characters';
  return errors;
}

/** What the form sends: the values it validated, i.e. trimmed (the server counts lengths as sent). */
export function contactPayload(f: ContactFields): ContactFields {
  return Object.fromEntries(Object.entries(f).map(([key, value]) => [key, value.trim()])) as ContactFields;
}
