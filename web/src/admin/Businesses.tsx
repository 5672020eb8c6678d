import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import { Pager } from '../components/Pager.js';
import { useDebounced } from '../lib/useDebounced.js';
import { adminRequest, messageOf } from './api.js';
import { useConfirm } from './dialog.js';
import { EditBusinessDialog } from './EditBusinessDialog.js';
import { ExportDialog } from './ExportDialog.js';
import { formatDateTime, formatNumber } from './format.js';
import { DATA_KEYS, useCategories, useRefresh, useStats } from './hooks.js';
import { ErrorNote, PageHead, StatCard } from './parts.js';
import { businessListUrl, FRESH, nextSort, SORT_FIELDS, type SortField } from './rules.js';
import { useToast } from './toast.js';
import { TR } from './messages.js';
import type { AdminBusiness, AdminBusinessPage, ApprovalFilter } from '@directory/core/wire/admin-businesses.js';
import { ApprovalAndCountry, CategoryPicker } from './businesses/BusinessFilters.js';
import { SelectionBar } from './businesses/SelectionBar.js';
import { BulkActions } from './businesses/BulkActions.js';
import { WaitingQueueLink } from './moderation/ImportApproval.js';

/** Admin spec §2 business list, with the legacy panel's row and bulk actions working. */
export function Businesses() {
  const toast = useToast();
  const confirm = useConfirm();
  const refresh = useRefresh();
  const stats = useStats();
  const categories = useCategories();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('all');
  // The review queue's link (dashboard) opens the list on ?approval=waiting.
  const [params] = useSearchParams();
  const [approval, setApproval] = useState<ApprovalFilter>(() =>
    params.get('approval') === 'waiting' ? 'waiting' : 'all',
  );
  const [countryCode, setCountryCode] = useState('all');
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [sort, setSort] = useState<{ sortBy: SortField; sortOrder: 'asc' | 'desc' }>({
    sortBy: 'createdAt',
    sortOrder: 'desc',
  });
  const [page, setPage] = useState(1);
  const filter = useDebounced(search, 300);
  const url = businessListUrl({ page, filter, category, approval, countryCode, ...sort });
  const list = useSWR<AdminBusinessPage>(url, { dedupingInterval: FRESH.businesses, keepPreviousData: true });
  const [editing, setEditing] = useState<number | null>(null);
  const [exporting, setExporting] = useState(false);
  const [busyRow, setBusyRow] = useState<number | null>(null);

  // Admin spec §4: a new search text or filter starts at page 1, with nothing selected.
  const filters = { filter, category, approval, countryCode };
  const [seen, setSeen] = useState(filters);
  if (Object.entries(filters).some(([key, value]) => seen[key as keyof typeof filters] !== value)) {
    setSeen(filters);
    setPage(1);
    setSelected(new Set());
  }
  const filtered = filter.trim() !== '' || category !== 'all' || approval !== 'all' || countryCode !== 'all';
  const matching = {
    ...(filter.trim() ? { filter: filter.trim() } : {}),
    ...(category !== 'all' ? { category } : {}),
    ...(approval !== 'all' ? { approval } : {}),
    ...(countryCode !== 'all' ? { countryCode } : {}),
  };

  const refreshData = () => refresh(...DATA_KEYS);
  const data = list.data;
  const total = stats.data?.totalBusinesses ?? data?.total ?? 0;
  const approved = stats.data?.approvedBusinesses ?? Math.floor(total * 0.85);

  const toggleApproval = async (b: AdminBusiness) => {
    setBusyRow(b.id);
    try {
      const answer = await adminRequest<{ isApproved: boolean }>(`/api/admin/businesses/${b.id}/toggle-approval`, {
        method: 'POST',
      });
      toast({
        title: answer.isApproved ? 'İşletme onaylandı' : 'İşletmenin onayı kaldırıldı',
        description: `"${b.name}" ${answer.isApproved ? 'artık sitede görünür.' : 'artık sitede görünmez.'}`,
      });
      await refreshData();
    } catch {
      toast({ title: 'Hata', description: 'Failed to update business approval status.', variant: 'destructive' });
    } finally {
      setBusyRow(null);
    }
  };

  const remove = async (b: AdminBusiness) => {
    const ok = await confirm({
      title: 'İşletmeyi sil',
      message: `Are you sure you want to delete "${b.name}"?`,
      confirmLabel: 'Sil',
      destructive: true,
    });
    if (!ok) return;
    setBusyRow(b.id);
    try {
      const answer = await adminRequest<{ message?: string }>(`/api/businesses/${b.id}`, { method: 'DELETE' });
      toast({ title: 'Business Deleted', description: answer?.message ?? `"${b.name}" was deleted.` });
      await refreshData();
    } catch (error) {
      toast({ title: 'Hata', description: messageOf(error), variant: 'destructive' });
    } finally {
      setBusyRow(null);
    }
  };

  return (
    <section className="admin-page" aria-labelledby="businesses-title">
      <PageHead
        id="businesses-title"
        title="İşletme Yönetimi"
        intro="Tüm işletmeler: onaylı olanlar ve onay bekleyenler."
      >
        <button type="button" onClick={() => setExporting(true)}>
          CSV Dışa Aktar
        </button>
      </PageHead>

      <div className="stat-grid">
        <StatCard label="Toplam İşletme" value={formatNumber(total)} loading={!stats.data && !data} />
        <StatCard label="Onaylı" value={formatNumber(approved)} loading={!stats.data} />
        <StatCard label="Bu Sayfada" value={formatNumber(data?.businesses.length ?? 0)} loading={!data} />
        <StatCard
          label="Kategori"
          value={formatNumber(stats.data?.totalCategories ?? categories.data?.length ?? 0)}
          loading={!stats.data}
        />
      </div>

      {approval !== 'waiting' && (
        <WaitingQueueLink count={stats.data?.waitingBusinesses} onOpen={() => setApproval('waiting')} />
      )}

      <BulkActions stats={stats} onDone={refreshData} onDeletedAll={() => setPage(1)} />

      <div className="admin-toolbar" role="search">
        <div className="admin-field grow">
          <label htmlFor="business-search">İşletme ara</label>
          <input
            id="business-search"
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder="İşletme adına göre ara..."
          />
        </div>
        <CategoryPicker category={category} onCategory={setCategory} />
        <ApprovalAndCountry
          approval={approval}
          onApproval={setApproval}
          countryCode={countryCode}
          onCountry={setCountryCode}
        />
        <div className="sort-buttons" role="group" aria-label="Sırala">
          {SORT_FIELDS.map(([field, label]) => {
            const active = sort.sortBy === field;
            return (
              <button
                key={field}
                type="button"
                className={active ? undefined : 'secondary'}
                aria-pressed={active}
                onClick={() => {
                  setSort((current) => nextSort(current, field));
                  setPage(1);
                }}
              >
                {label}
                {active && (
                  <>
                    <span aria-hidden="true">{sort.sortOrder === 'asc' ? ' ↑' : ' ↓'}</span>
                    <span className="sr-only">{sort.sortOrder === 'asc' ? ' (artan)' : ' (azalan)'}</span>
                  </>
                )}
              </button>
            );
          })}
        </div>
      </div>

      <ErrorNote error={list.error} retry={() => list.mutate()} />
      <p className="muted result-line" aria-live="polite">
        {data
          ? `${formatNumber(data.total)} işletme · sayfa ${data.pagination.page} / ${Math.max(1, data.pagination.totalPages)}`
          : 'Yükleniyor…'}
      </p>
      {data && data.businesses.length === 0 && <p className="empty">İşletme bulunamadı</p>}
      <SelectionBar
        pageIds={data?.businesses.map((b) => b.id) ?? []}
        selected={selected}
        onSelect={setSelected}
        matching={matching}
        matchingTotal={data?.total ?? 0}
        filtered={filtered}
        waitingOnly={approval === 'waiting'}
        onDone={refreshData}
      />
      <ul className={`admin-rows${list.isValidating ? ' busy' : ''}`} aria-label="İşletmeler">
        {data?.businesses.map((b) => (
          <li key={b.id} className="admin-row">
            <input
              type="checkbox"
              className="business-select"
              aria-label={TR.businesses.select(b.name)}
              checked={selected.has(b.id)}
              onChange={() =>
                setSelected((current) => {
                  const next = new Set(current);
                  if (!next.delete(b.id)) next.add(b.id);
                  return next;
                })
              }
            />
            <div className="row-main">
              <div className="row-title">
                <a href={`/business/${b.slug}`} target="_blank" rel="noopener">
                  {b.name}
                </a>
                {b.verified && <span className="badge verified">Doğrulanmış</span>}
                <span className={`badge ${b.isApproved ? 'ok' : 'pending'}`}>
                  {b.isApproved ? 'Onaylı' : 'Onay bekliyor'}
                </span>
              </div>
              <div className="row-facts small">
                <span>{b.category ?? 'Kategori yok'}</span>
                <span>{b.fullAddress ?? b.address ?? 'Adres bilgisi yok'}</span>
                <span>{b.phone ?? 'Telefon bilgisi yok'}</span>
                <span>
                  {b.rating === null
                    ? 'Puan yok'
                    : `★ ${b.rating.toLocaleString('tr-TR')} (${formatNumber(b.reviewCount)} yorum)`}
                </span>
              </div>
              <div className="row-ids muted small">
                <span>ID: {b.id}</span>
                <span>Slug: {b.slug}</span>
                <span>Eklendi: {formatDateTime(b.createdAt)}</span>
              </div>
            </div>
            <div className="row-actions">
              <button
                type="button"
                className="secondary"
                onClick={() => toggleApproval(b)}
                disabled={busyRow === b.id}
                aria-label={`${b.isApproved ? 'Onayı kaldır' : 'Onayla'}: ${b.name}`}
              >
                {b.isApproved ? 'Onayı kaldır' : 'Onayla'}
              </button>
              <button
                type="button"
                className="secondary"
                onClick={() => setEditing(b.id)}
                aria-label={`Düzenle: ${b.name}`}
              >
                Düzenle
              </button>
              <button
                type="button"
                className="danger"
                onClick={() => remove(b)}
                disabled={busyRow === b.id}
                aria-label={`Sil: ${b.name}`}
              >
                Sil
              </button>
            </div>
          </li>
        ))}
      </ul>
      {data && (
        <Pager
          page={page}
          total={data.pagination.totalPages}
          onPage={(p) => {
            setSelected(new Set());
            setPage(p);
          }}
        />
      )}

      <EditBusinessDialog businessId={editing} onClose={() => setEditing(null)} onSaved={refreshData} />
      <ExportDialog open={exporting} onClose={() => setExporting(false)} />
    </section>
  );
}
