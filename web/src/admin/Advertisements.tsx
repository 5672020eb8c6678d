import { useEffect, useState } from 'react';
import useSWR from 'swr';
import { adminRequest, messageOf } from './api.js';
import { CodeArea } from './CodeArea.js';
import { ErrorNote, PageHead } from './parts.js';
import { AD_SLOT_MAX_BYTES } from '@directory/core/wire/admin-settings.js';
import { FRESH, utf8Bytes } from './rules.js';
import { useToast } from './toast.js';
import type { AdCodes } from './types.js';

const EMPTY: AdCodes = { ad1: '', ad2: '', ad3: '', ad4: '' };

/** Admin spec §3: the slots' positions on business detail pages. */
const SLOTS: { key: keyof AdCodes; label: string; position: string }[] = [
  { key: 'ad1', label: 'Reklam Alanı 1', position: 'İşletme sayfasında özellikler bölümünün üstünde.' },
  { key: 'ad2', label: 'Reklam Alanı 2', position: 'İşletme sayfasında "Hakkında" bölümünün altında.' },
  { key: 'ad3', label: 'Reklam Alanı 3', position: 'İşletme sayfasında çalışma saatlerinin altında.' },
  { key: 'ad4', label: 'Reklam Alanı 4', position: 'İşletme sayfasında iletişim bilgilerinin altında.' },
];

/** Admin spec §2 advertisement slots: four code areas, reset, save all, info. */
export function Advertisements() {
  const toast = useToast();
  const codes = useSWR<AdCodes>('/api/admin/advertisement-codes', { dedupingInterval: FRESH.siteSettings });
  const [form, setForm] = useState<AdCodes | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (codes.data && form === null) setForm({ ...EMPTY, ...codes.data });
  }, [codes.data, form]);

  const values = form ?? EMPTY;
  const tooBig = SLOTS.filter((s) => utf8Bytes(values[s.key]) > AD_SLOT_MAX_BYTES);

  const save = async () => {
    if (!form) return;
    if (tooBig.length > 0) {
      toast({
        title: 'Kayıt hatası',
        description: `${tooBig.map((s) => s.label).join(', ')} 50 KB sınırını aşıyor; kodu kısaltın veya scripti kaynağından yükleyin.`,
        variant: 'destructive',
      });
      return;
    }
    setSaving(true);
    try {
      const answer = await adminRequest<{ message: string; codes: AdCodes }>('/api/admin/advertisement-codes', {
        method: 'POST',
        body: form,
      });
      await codes.mutate(answer.codes, { revalidate: false });
      setForm({ ...EMPTY, ...answer.codes });
      toast({ title: 'Kaydedildi', description: answer.message || 'Reklam kodları kaydedildi' });
    } catch (error) {
      toast({ title: 'Kayıt hatası', description: messageOf(error), variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  };

  const reset = async () => {
    const fresh = await codes.mutate();
    if (fresh) setForm({ ...EMPTY, ...fresh });
    toast({ title: 'Sıfırlandı', description: 'Reklam kodları sunucudan yeniden yüklendi.' });
  };

  return (
    <section className="admin-page" aria-labelledby="ads-title">
      <PageHead
        id="ads-title"
        title="Reklam Yönetimi"
        intro="İşletme detay sayfalarındaki dört reklam alanının kodları."
      >
        <button type="button" className="secondary" onClick={reset} disabled={saving}>
          Sıfırla
        </button>
        <button type="button" onClick={save} disabled={saving || !form}>
          {saving ? 'Kaydediliyor...' : 'Tümünü Kaydet'}
        </button>
      </PageHead>
      <ErrorNote error={codes.error} retry={() => codes.mutate()} />
      {!form && !codes.error && <p className="muted">Yükleniyor…</p>}
      {form && (
        <div className="admin-card code-areas">
          {SLOTS.map((slot) => (
            <CodeArea
              key={slot.key}
              label={slot.label}
              hint={`Konum: ${slot.position} En fazla 50 KB.`}
              value={values[slot.key]}
              maxBytes={AD_SLOT_MAX_BYTES}
              placeholder="<!-- Reklam kodunu buraya yapıştırın -->"
              onChange={(value) => setForm((current) => ({ ...(current ?? EMPTY), [slot.key]: value }))}
            />
          ))}
        </div>
      )}
      <section className="admin-card" aria-labelledby="ads-info">
        <h2 id="ads-info">Bilgi</h2>
        <ul className="small">
          <li>
            Kodlar işletme detay sayfalarında belirtilen konumlarda gösterilir; içlerindeki scriptler çalıştırılır.
          </li>
          <li>Her alan için en fazla 50 KB kod kaydedilebilir. Büyük reklam kütüphanelerini src ile yükleyin.</li>
          <li>Boş bırakılan alanlarda reklam gösterilmez.</li>
          <li>Yalnızca güvendiğiniz reklam ağlarının kodlarını ekleyin.</li>
        </ul>
      </section>
    </section>
  );
}
