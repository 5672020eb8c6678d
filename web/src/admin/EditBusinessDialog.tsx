import { useEffect, useId, useState } from 'react';
import { adminRequest, messageOf } from './api.js';
import { type BusinessForm, changesOf, formOf, TEXT_FIELDS, validateBusiness } from './business-form.js';
import { Modal } from './dialog.js';
import { useToast } from './toast.js';
import type { BusinessDetail } from '@directory/core/wire/admin-businesses.js';

/** The edit form of one business: loads every field, validates as the api does, saves what changed. */
export function EditBusinessDialog(props: { businessId: number | null; onClose: () => void; onSaved: () => void }) {
  const { businessId, onClose, onSaved } = props;
  const toast = useToast();
  const formId = useId();
  const [original, setOriginal] = useState<BusinessForm | null>(null);
  const [form, setForm] = useState<BusinessForm | null>(null);
  const [slug, setSlug] = useState('');
  const [loadError, setLoadError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (businessId === null) return;
    let live = true;
    setOriginal(null);
    setForm(null);
    setLoadError(null);
    setServerError(null);
    setTried(false);
    adminRequest<BusinessDetail>(`/api/admin/businesses/${businessId}`).then(
      (detail) => {
        if (!live) return;
        setOriginal(formOf(detail));
        setForm(formOf(detail));
        setSlug(detail.slug);
      },
      (error: unknown) => live && setLoadError(messageOf(error)),
    );
    return () => {
      live = false;
    };
  }, [businessId]);

  const errors = form ? validateBusiness(form) : {};
  const shownErrors = tried ? errors : {};
  const set = <K extends keyof BusinessForm>(key: K, value: BusinessForm[K]) =>
    setForm((current) => (current ? { ...current, [key]: value } : current));

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!form || !original) return;
    setTried(true);
    if (Object.keys(errors).length > 0) {
      const first = Object.keys(errors)[0];
      document.getElementById(`${formId}-${first}`)?.focus();
      return;
    }
    const changes = changesOf(original, form);
    if (Object.keys(changes).length === 0) {
      onClose();
      return;
    }
    setSaving(true);
    setServerError(null);
    try {
      await adminRequest(`/api/admin/businesses/${businessId}`, { method: 'PUT', body: changes });
      toast({ title: 'İşletme güncellendi', description: `"${form.name.trim()}" kaydedildi.` });
      onSaved();
      onClose();
    } catch (error) {
      const message = messageOf(error);
      setServerError(message);
      toast({ title: 'Kayıt hatası', description: message, variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open={businessId !== null} onClose={onClose} title="İşletmeyi Düzenle" className="wide">
      {loadError && <p className="notice error">İşletme yüklenemedi: {loadError}</p>}
      {!form && !loadError && <p className="muted">Yükleniyor…</p>}
      {form && (
        <form className="edit-form" onSubmit={save} noValidate>
          <p className="muted small">
            ID {businessId} ·{' '}
            <a href={`/business/${slug}`} target="_blank" rel="noopener">
              /business/{slug}
            </a>
          </p>
          <div className="form-grid">
            {TEXT_FIELDS.map((field) => {
              const id = `${formId}-${field.name}`;
              const error = shownErrors[field.name];
              return (
                <div key={field.name} className={`admin-field${field.wide ? ' wide' : ''}`}>
                  <label htmlFor={id}>
                    {field.label}
                    {field.name === 'name' && <span aria-hidden="true"> *</span>}
                  </label>
                  <input
                    id={id}
                    name={field.name}
                    type={field.type === 'number' ? 'text' : (field.type ?? 'text')}
                    inputMode={field.type === 'number' ? 'decimal' : undefined}
                    value={form[field.name]}
                    onChange={(e) => set(field.name, e.target.value)}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${id}-error` : undefined}
                    aria-required={field.name === 'name' || undefined}
                    autoFocus={field.name === 'name'}
                  />
                  {error && (
                    <span id={`${id}-error`} className="field-error">
                      {error}
                    </span>
                  )}
                </div>
              );
            })}
          </div>
          <div className="checks">
            <label>
              <input type="checkbox" checked={form.verified} onChange={(e) => set('verified', e.target.checked)} />{' '}
              Doğrulanmış
            </label>
            <label>
              <input type="checkbox" checked={form.isApproved} onChange={(e) => set('isApproved', e.target.checked)} />{' '}
              Onaylı (sitede görünür)
            </label>
          </div>
          {serverError && <p className="notice error">{serverError}</p>}
          <div className="modal-actions">
            <button type="button" className="secondary" onClick={onClose}>
              Vazgeç
            </button>
            <button type="submit" disabled={saving}>
              {saving ? 'Kaydediliyor...' : 'Kaydet'}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
