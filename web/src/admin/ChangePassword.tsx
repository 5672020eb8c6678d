import { useState } from 'react';
import { adminRequest, ApiError } from './api.js';
import { type PasswordForm, passwordChangeError, passwordFormProblems } from './rules.js';
import { useToast } from './toast.js';

const EMPTY: PasswordForm = { current: '', next: '', repeat: '' };

const FIELDS: { key: keyof PasswordForm; label: string; autoComplete: string }[] = [
  { key: 'current', label: 'Mevcut şifre', autoComplete: 'current-password' },
  { key: 'next', label: 'Yeni şifre', autoComplete: 'new-password' },
  { key: 'repeat', label: 'Yeni şifre (tekrar)', autoComplete: 'new-password' },
];

/**
 * The signed-in admin's own password. On success the api ends the admin's other sessions and gives this
 * browser a fresh session cookie, so the admin stays signed in here.
 */
export function ChangePassword() {
  const toast = useToast();
  const [form, setForm] = useState<PasswordForm>(EMPTY);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const problems = passwordFormProblems(form);
  const ready = Boolean(form.current && form.next && form.repeat) && Object.keys(problems).length === 0;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!ready || busy) return;
    setBusy(true);
    setError(null);
    try {
      await adminRequest('/api/admin/password', {
        method: 'POST',
        body: { currentPassword: form.current, newPassword: form.next },
      });
      setForm(EMPTY);
      toast({ title: 'Şifre değiştirildi', description: 'Diğer cihazlardaki oturumlarınız kapatıldı.' });
    } catch (caught) {
      const message =
        caught instanceof ApiError
          ? passwordChangeError(caught.status, caught.body, caught.retryAfterSeconds)
          : passwordChangeError(null, '');
      setError(message);
      toast({ title: 'Şifre değiştirilemedi', description: message, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="admin-card" aria-labelledby="password-title">
      <h2 id="password-title">Şifre Değiştir</h2>
      <p className="muted small">
        Yeni şifre en az 12 karakter olmalı. Şifre değişince diğer cihazlardaki oturumlarınız kapatılır.
      </p>
      <form onSubmit={submit} noValidate>
        <div className="form-grid">
          {FIELDS.map(({ key, label, autoComplete }) => {
            const id = `password-${key}`;
            const problem = problems[key];
            return (
              <div key={key} className="admin-field">
                <label htmlFor={id}>{label}</label>
                <input
                  id={id}
                  name={key}
                  type="password"
                  autoComplete={autoComplete}
                  value={form[key]}
                  onChange={(e) => setForm((current) => ({ ...current, [key]: e.target.value }))}
                  aria-invalid={problem ? true : undefined}
                  aria-describedby={problem ? `${id}-error` : undefined}
                  aria-required="true"
                />
                {problem && (
                  <span id={`${id}-error`} className="field-error">
                    {problem}
                  </span>
                )}
              </div>
            );
          })}
        </div>
        {error && <p className="field-error">{error}</p>}
        <div className="modal-actions">
          <button type="submit" disabled={!ready || busy}>
            {busy ? 'Değiştiriliyor...' : 'Şifreyi Değiştir'}
          </button>
        </div>
      </form>
    </section>
  );
}
