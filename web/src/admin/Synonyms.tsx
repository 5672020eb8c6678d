import { useState } from 'react';
import useSWR from 'swr';
import { type SearchSynonym, SYNONYM_RULES as RULES } from '@directory/core/wire/synonyms.js';
import { textPairProblem } from '@directory/core/wire/text-pair.js';
import { adminRequest, messageOf } from './api.js';
import { useConfirm } from './dialog.js';
import { formatDateTime } from './format.js';
import { ErrorNote, PageHead } from './parts.js';
import { useToast } from './toast.js';

const PATH = '/api/admin/search/synonyms';

/** What the form checks before sending; the api checks the same and answers these sentences too. */
export const synonymProblem = (phrase: string, means: string) => textPairProblem(phrase, means, RULES);

/**
 * Search synonyms: a query holding the phrase also finds the businesses whose name, category or type hold the
 * words of its meaning. Each change rebuilds the search index in the background (searches keep answering).
 */
export function Synonyms() {
  const list = useSWR<SearchSynonym[]>(PATH);
  const toast = useToast();
  const confirm = useConfirm();
  const [editing, setEditing] = useState<SearchSynonym | null>(null);
  const [phrase, setPhrase] = useState('');
  const [means, setMeans] = useState('');
  const [busy, setBusy] = useState(false);
  const problem = phrase || means ? synonymProblem(phrase, means) : null;

  const reset = () => {
    setEditing(null);
    setPhrase('');
    setMeans('');
  };
  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    if (synonymProblem(phrase, means)) return;
    setBusy(true);
    try {
      await adminRequest(editing ? `${PATH}/${editing.id}` : PATH, {
        method: editing ? 'PUT' : 'POST',
        body: { phrase, means },
      });
      toast({
        title: editing ? 'Eş anlam güncellendi' : 'Eş anlam eklendi',
        description: 'Arama dizini arka planda yeniden oluşturuluyor; değişiklik birkaç dakika içinde geçerli olur.',
      });
      reset();
      await list.mutate();
    } catch (error) {
      toast({ title: 'Hata', description: messageOf(error), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  const remove = async (synonym: SearchSynonym) => {
    const ok = await confirm({
      title: 'Eş anlamı sil',
      message: `"${synonym.phrase}" → "${synonym.means}" silinsin mi?`,
      confirmLabel: 'Sil',
      destructive: true,
    });
    if (!ok) return;
    try {
      await adminRequest(`${PATH}/${synonym.id}`, { method: 'DELETE' });
      toast({ title: 'Eş anlam silindi', description: `"${synonym.phrase}" artık "${synonym.means}" aramaz.` });
      if (editing?.id === synonym.id) reset();
      await list.mutate();
    } catch (error) {
      toast({ title: 'Hata', description: messageOf(error), variant: 'destructive' });
    }
  };

  return (
    <section className="admin-page" aria-labelledby="synonyms-title">
      <PageHead
        id="synonyms-title"
        title="Arama Eş Anlamları"
        intro="Ziyaretçi bir ifadeyi aradığında, anlamındaki kelimeleri adında, kategorisinde ya da türünde taşıyan işletmeler de bulunur (tek yönlü)."
      />
      <form
        className="admin-card synonym-form"
        onSubmit={save}
        aria-label={editing ? 'Eş anlamı düzenle' : 'Eş anlam ekle'}
      >
        <label>
          Aranan ifade
          <input
            value={phrase}
            onChange={(e) => setPhrase(e.target.value)}
            maxLength={RULES.maxChars}
            placeholder="dog grooming"
          />
        </label>
        <label>
          Anlamı
          <input
            value={means}
            onChange={(e) => setMeans(e.target.value)}
            maxLength={RULES.maxChars}
            placeholder="pet groomer"
          />
        </label>
        <button type="submit" disabled={busy || !phrase.trim() || !means.trim() || problem !== null}>
          {busy ? 'Kaydediliyor...' : editing ? 'Güncelle' : 'Ekle'}
        </button>
        {editing && (
          <button type="button" className="secondary" onClick={reset}>
            Vazgeç
          </button>
        )}
        {problem && (
          <p className="field-error" role="alert">
            {problem}
          </p>
        )}
      </form>
      <ErrorNote error={list.error} retry={() => list.mutate()} />
      {list.data && list.data.length === 0 && <p className="empty">Henüz eş anlam yok</p>}
      <table className="admin-table" aria-label="Eş anlamlar">
        <thead>
          <tr>
            <th scope="col">Aranan ifade</th>
            <th scope="col">Anlamı</th>
            <th scope="col">Güncelleme</th>
            <th scope="col">
              <span className="sr-only">İşlemler</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {list.data?.map((s) => (
            <tr key={s.id}>
              <td>{s.phrase}</td>
              <td>{s.means}</td>
              <td>{formatDateTime(s.updatedAt)}</td>
              <td className="row-actions">
                <button
                  type="button"
                  className="secondary"
                  onClick={() => {
                    setEditing(s);
                    setPhrase(s.phrase);
                    setMeans(s.means);
                  }}
                >
                  Düzenle
                </button>
                <button type="button" className="danger" onClick={() => void remove(s)}>
                  Sil
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
