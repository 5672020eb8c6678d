import { useState } from 'react';
import { request } from '../lib/api.js';

type Fields = { name: string; email: string; subject: string; message: string; company: string; phone: string };
const EMPTY: Fields = { name: '', email: '', subject: '', message: '', company: '', phone: '' };

/** Public spec §5 rules with their exact messages; the server checks the same. */
export function validateContact(f: Fields): Partial<Record<keyof Fields, string>> {
  const errors: Partial<Record<keyof Fields, string>> = {};
  if (f.name.trim().length < 2) errors.name = 'Name must be at least 2 characters';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(f.email.trim())) errors.email = 'Please enter a valid email address';
  if (f.subject.trim().length < 5) errors.subject = 'Subject must be at least 5 characters';
  if (f.message.trim().length < 10) errors.message = 'Message must be at least 10 characters';
  return errors;
}

export function Contact() {
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<ReturnType<typeof validateContact>>({});
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  const field = (key: keyof Fields, label: string, required = true, rows?: number) => (
    <label>
      {label}
      {required && '*'}
      {rows ? (
        <textarea rows={rows} value={fields[key]} onChange={(e) => setFields({ ...fields, [key]: e.target.value })} />
      ) : (
        <input value={fields[key]} onChange={(e) => setFields({ ...fields, [key]: e.target.value })} />
      )}
      {errors[key] && <span className="error">{errors[key]}</span>}
    </label>
  );
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found = validateContact(fields);
    setErrors(found);
    if (Object.keys(found).length) return;
    setState('sending');
    try {
      await request('/api/contact', { method: 'POST', body: fields });
      setFields(EMPTY);
      setState('sent');
    } catch {
      setState('failed');
    }
  };
  return (
    <section className="contact">
      <h1>Contact Us</h1>
      <p>
        Business hours: Mon-Fri 9:00 AM to 6:00 PM EST, Saturday 10:00 AM to 4:00 PM EST, Sunday closed. We reply within
        24 hours.
      </p>
      <h2>Send us a Message</h2>
      {state === 'sent' && (
        <div role="status" className="notice">
          <strong>Message Sent Successfully</strong> Thank you for your message. We&apos;ll get back to you within 24
          hours.
        </div>
      )}
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
