// The browser's contact form rules (core/src/wire/contact.ts) against the very check the api's ContactMessageDto runs (@IsEmail).
import { isEmail } from 'class-validator';
import { contactPayload, contactReplyLink, EMPTY_CONTACT, validateContact } from '@directory/core';

const good = {
  ...EMPTY_CONTACT,
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  subject: 'Listing',
  message: 'Please update my listing.',
};

describe('contact form validation (public spec §5)', () => {
  it('accepts a complete message with the optional fields empty', () => {
    expect(validateContact(good)).toEqual({});
  });

  it('names every broken rule with its spec message', () => {
    expect(validateContact(EMPTY_CONTACT)).toEqual({
      name: 'Name must be at least 2 characters',
      email: 'Please enter a valid email address',
      subject: 'Subject must be at least 5 characters',
      message: 'Message must be at least 10 characters',
    });
  });

  it('holds each minimum length exactly, counting without surrounding spaces', () => {
    expect(validateContact({ ...good, name: 'Al' }).name).toBeUndefined();
    expect(validateContact({ ...good, name: ' A ' }).name).toBe('Name must be at least 2 characters');
    expect(validateContact({ ...good, subject: 'Hello' }).subject).toBeUndefined();
    expect(validateContact({ ...good, subject: 'Hell ' }).subject).toBe('Subject must be at least 5 characters');
    expect(validateContact({ ...good, message: '0123456789' }).message).toBeUndefined();
    expect(validateContact({ ...good, message: '012345678' }).message).toBe('Message must be at least 10 characters');
  });

  it('puts no rule on company and phone', () => {
    expect(validateContact({ ...good, company: 'x', phone: '?' })).toEqual({});
  });

  // Whatever the form lets through must pass the server's check too (class-validator's IsEmail), or the
  // visitor gets the generic failure notice instead of the field message.
  it.each([
    ['ada@example.com', true],
    ['first.last+tag@sub.example.co.uk', true],
    ['müller@bäckerei.de', true],
    [' ada@example.com ', true],
    ['ada@example', false],
    ['ada@example.c', false],
    ['ada@@example.com', false],
    ['ada..x@example.com', false],
    ['.ada@example.com', false],
    ['ada@example..com', false],
    ['ada@-example.com', false],
    ['ada lovelace@example.com', false],
    ['ada@example.c0m', false],
  ])('email %p is accepted: %p, like the server', (email, accepted) => {
    expect(validateContact({ ...good, email }).email === undefined).toBe(accepted);
    expect(isEmail(contactPayload({ ...good, email }).email)).toBe(accepted);
  });

  it('sends the values it validated', () => {
    expect(contactPayload({ ...good, name: '  Ada ', phone: ' 123 ' })).toMatchObject({ name: 'Ada', phone: '123' });
  });
});

describe('the admin inbox reply link', () => {
  it('writes to the sender with "Re: " before the subject once, both encoded', () => {
    expect(contactReplyLink({ email: 'ada@example.com', subject: 'Hours & prices?' })).toBe(
      'mailto:ada@example.com?subject=Re%3A%20Hours%20%26%20prices%3F',
    );
    expect(contactReplyLink({ email: 'o+x@example.com', subject: 'RE: again' })).toBe(
      'mailto:o%2Bx@example.com?subject=RE%3A%20again',
    );
  });
});
