import { useState } from 'react';
import useSWR from 'swr';
import { type CategoryMerge, CATEGORY_MERGE_RULES as RULES } from '@directory/core/wire/category-merges.js';
import { textPairProblem } from '@directory/core/wire/text-pair.js';
import { adminRequest, messageOf } from './api.js';
import { useConfirm } from './dialog.js';
import { formatDateTime } from './format.js';
import { useCategories } from './hooks.js';
import { ErrorNote, PageHead } from './parts.js';
import { useToast } from './toast.js';

const PATH = '/api/admin/category-merges';

/** What the form checks before sending; the api checks the same (and the rules that need the stored merges). */
export const mergeProblem = (spelling: string, into: string) => textPairProblem(spelling, into, RULES);

/**
 * Category merges: a spelling the directory cannot join to its category by itself (a translation) is stored under
 * that category; its page redirects there, and imports that bring it back are merged again. Each change runs a
 * job in the background (the jobs centre shows it).
 */
export function CategoryMerges() {
  const list = useSWR<CategoryMerge[]>(PATH);
  const categories = useCategories();
  const toast = useToast();
  const confirm = useConfirm();
  const [spelling, setSpelling] = useState('');
  const [into, setInto] = useState('');
  const [busy, setBusy] = useState(false);
  const problem = spelling || into ? mergeProblem(spelling, into) : null;

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    if (mergeProblem(spelling, into)) return;
    setBusy(true);
    try {
      await adminRequest(PATH, { method: 'POST', body: { spelling, into } });
      toast({
        title: 'Kategoriler birleştiriliyor',
        description: `"${spelling.trim()}" işletmeleri "${into.trim()}" kategorisine taşınıyor; İşler sayfası ilerlemeyi gösterir.`,
      });
      setSpelling('');
      setInto('');
      await list.mutate();
    } catch (error) {
      toast({ title: 'Hata', description: messageOf(error), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  const remove = async (merge: CategoryMerge) => {
    const ok = await confirm({
      title: 'Birleştirmeyi kaldır',
      message: `"${merge.spelling}" → "${merge.into}" kaldırılsın mı? Zaten taşınan işletmeler kategorilerinde kalır; bundan sonra içe aktarılan "${merge.spelling}" satırları kendi kategorileriyle gelir.`,
      confirmLabel: 'Kaldır',
      destructive: true,
    });
    if (!ok) return;
    try {
      await adminRequest(`${PATH}/${merge.id}`, { method: 'DELETE' });
      toast({ title: 'Birleştirme kaldırıldı', description: `"${merge.spelling}" artık birleştirilmiyor.` });
      await list.mutate();
    } catch (error) {
      toast({ title: 'Hata', description: messageOf(error), variant: 'destructive' });
    }
  };

  return (
    <section className="admin-page" aria-labelledby="merges-title">
      <PageHead
        id="merges-title"
        title="Kategori Birleştirme"
        intro="Büyük/küçük harf, aksan ve tekil/çoğul farkları kendiliğinden birleşir. Çeviriler (Kaffeegeschäft → Cafe) burada birleştirilir: işletmeleri hedef kategoriye taşınır, eski adres oraya yönlendirilir."
      />
      <form className="admin-card synonym-form" onSubmit={save} aria-label="Kategori birleştir">
        <label>
          Kategori yazımı
          <input
            value={spelling}
            onChange={(e) => setSpelling(e.target.value)}
            maxLength={RULES.maxChars}
            list="merge-categories"
            placeholder="Kaffeegeschäft"
          />
        </label>
        <label>
          Hedef kategori
          <input
            value={into}
            onChange={(e) => setInto(e.target.value)}
            maxLength={RULES.maxChars}
            list="merge-categories"
            placeholder="Cafe"
          />
        </label>
        <datalist id="merge-categories">
          {categories.data?.map((c) => (
            <option key={c} value={c} />
          ))}
        </datalist>
        <button type="submit" disabled={busy || !spelling.trim() || !into.trim() || problem !== null}>
          {busy ? 'Kaydediliyor...' : 'Birleştir'}
        </button>
        {problem && (
          <p className="field-error" role="alert">
            {problem}
          </p>
        )}
      </form>
      <ErrorNote error={list.error} retry={() => list.mutate()} />
      {list.data && list.data.length === 0 && <p className="empty">Henüz birleştirme yok</p>}
      <table className="admin-table" aria-label="Kategori birleştirmeleri">
        <thead>
          <tr>
            <th scope="col">Kategori yazımı</th>
            <th scope="col">Hedef kategori</th>
            <th scope="col">Eklenme</th>
            <th scope="col">
              <span className="sr-only">İşlemler</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {list.data?.map((m) => (
            <tr key={m.id}>
              <td>{m.spelling}</td>
              <td>{m.into}</td>
              <td>{formatDateTime(m.createdAt)}</td>
              <td className="row-actions">
                <button type="button" className="danger" onClick={() => void remove(m)}>
                  Kaldır
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
