import { useState } from 'react';
import { request } from '../lib/api.js';
import {
  contactPayload,
  type ContactErrors,
  type ContactFields as Fields,
  EMPTY_CONTACT as EMPTY,
  validateContact,
} from '@directory/core/wire/contact.js';
import { PLATFORM_FIGURES, SITE_CONTACT } from '../lib/site.js';

const INPUT_TYPES: Partial<Record<keyof Fields, { type: string; autoComplete: string }>> = {
  name: { type: 'text', autoComplete: 'name' },
  email: { type: 'email', autoComplete: 'email' },
  company: { type: 'text', autoComplete: 'organization' },
  phone: { type: 'tel', autoComplete: 'tel' },
};

export function Contact() {
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  const field = (key: keyof Fields, label: string, required = true, rows?: number) => {
    // The message is tied to its field, so a screen reader reads it with the field.
    const control = {
      value: fields[key],
      onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
        setFields({ ...fields, [key]: e.target.value }),
      'aria-invalid': errors[key] ? true : undefined,
      'aria-describedby': errors[key] ? `contact-${key}-error` : undefined,
    };
    return (
      <label>
        {label}
        {required && '*'}
        {rows ? <textarea rows={rows} {...control} /> : <input {...INPUT_TYPES[key]} {...control} />}
        {errors[key] && (
          <span className="error" id={`contact-${key}-error`}>
            {errors[key]}
          </span>
        )}
      </label>
    );
  };
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found = validateContact(fields);
    setErrors(found);
    if (Object.keys(found).length) {
      // A notice of an earlier message must not stand beside the errors of this one.
      setState('idle');
      return;
    }
    setState('sending');
    try {
      await request('/api/contact', { method: 'POST', body: contactPayload(fields) });
      setFields(EMPTY);
      setState('sent');
    } catch {
      setState('failed');
    }
  };
  return (
    <section className="contact">
      <h1>Contact Us</h1>
      <p>Questions about a listing or the directory? We reply within 24 hours.</p>
      <div className="contact-info">
        <div>
          <h2>Office Address</h2>
          <address>{SITE_CONTACT.address}</address>
        </div>
        <div>
          <h2>Phone Support</h2>
          <a href={`tel:${SITE_CONTACT.phone.replace(/[^+\d]/g, '')}`}>{SITE_CONTACT.phone}</a>
        </div>
        <div>
          <h2>Email Support</h2>
          <a href={`mailto:${SITE_CONTACT.email}`}>{SITE_CONTACT.email}</a>
        </div>
        <div>
          <h2>Business Hours</h2>
          <p>
            Mon-Fri 9:00 AM to 6:00 PM EST
            <br />
            Saturday 10:00 AM to 4:00 PM EST
            <br />
            Sunday closed
          </p>
        </div>
      </div>
      <section aria-labelledby="platform-statistics" className="contact-stats">
        <h2 id="platform-statistics">Platform Statistics</h2>
        <dl>
          {PLATFORM_FIGURES.map(([figure, label]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{figure}</dd>
            </div>
          ))}
        </dl>
      </section>
      <h2>Send us a Message</h2>
      {/* The live region stays in the page, so that screen readers announce the notice put into it. */}
      <div role="status">
        {state === 'sent' && (
          <div className="notice">
            <strong>Message Sent Successfully</strong> Thank you for your message. We&apos;ll get back to you within 24
            hours.
          </div>
        )}
      </div>
      {state === 'failed' && (
        <div role="alert" className="notice error">
          <strong>Error</strong> Failed to send message. Please try again later.
        </div>
      )}
      <form onSubmit={submit} noValidate>
        {field('name', 'Full Name')}
        {field('email', 'Email Address')}
        {field('company', 'Company', false)}
        {field('phone', 'Phone', false)}
        {field('subject', 'Subject')}
        {field('message', 'Message', true, 6)}
        <button type="submit" disabled={state === 'sending'}>
          {state === 'sending' ? 'Sending...' : 'Send Message'}
        </button>
      </form>
    </section>
  );
}
