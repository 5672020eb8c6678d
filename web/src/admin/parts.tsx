import type { ReactNode } from 'react';
import type { AuditAction } from '@directory/core/wire/audit.js';
import { formatDateTime, formatNumber, timeAgo } from './format.js';
import type { AuditEntry } from './types.js';

export function PageHead(props: { title: string; intro?: string; id?: string; children?: ReactNode }) {
  const { title, intro, children } = props;
  return (
    <header className="admin-page-head">
      <div>
        <h1 id={props.id}>{title}</h1>
        {intro && <p className="muted">{intro}</p>}
      </div>
      {children && <div className="admin-page-actions">{children}</div>}
    </header>
  );
}

/** A figure card; `loading` marks a spec placeholder shown while the real figure loads. */
export function StatCard(props: {
  label: string;
  value: ReactNode;
  note?: ReactNode;
  loading?: boolean;
  icon?: string;
}) {
  return (
    <div className={`stat-card${props.loading ? ' loading' : ''}`} aria-busy={props.loading || undefined}>
      <span className="stat-label">
        {props.icon && (
          <span aria-hidden="true" className="stat-icon">
            {props.icon}
          </span>
        )}
        {props.label}
      </span>
      <strong className="stat-value">{props.value}</strong>
      {props.note && <span className="stat-note muted small">{props.note}</span>}
    </div>
  );
}

/** A labelled bar (CPU, memory, disk, category share). */
export function Meter({ label, percent, detail }: { label: string; percent: number; detail?: string }) {
  const value = Math.max(0, Math.min(100, percent));
  return (
    <div className="meter">
      <div className="meter-head">
        <span>{label}</span>
        <span>
          %{value.toLocaleString('tr-TR', { maximumFractionDigits: 1 })}
          {detail && <span className="muted small"> · {detail}</span>}
        </span>
      </div>
      <div
        className={`meter-bar${value >= 90 ? ' high' : value >= 70 ? ' warn' : ''}`}
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
      >
        <span style={{ width: `${value}%` }} />
      </div>
    </div>
  );
}

const str = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/** The audit log's actions in the admin's words; every action the api writes has its own (AUDIT_ACTIONS). */
export function describeAction(entry: AuditEntry): string {
  const d = entry.details ?? {};
  const action = entry.action as AuditAction;
  switch (action) {
    case 'business.update':
      return `İşletme #${str(d.id)} güncellendi`;
    case 'business.toggle-approval':
      return `İşletme #${str(d.id)} ${d.isApproved ? 'onaylandı' : 'onayı kaldırıldı'}`;
    case 'business.delete':
      return `İşletme silindi: ${str(d.name) || `#${str(d.id)}`}`;
    case 'business.delete-all':
      return `Tüm işletmeler silindi (${formatNumber(Number(d.deletedCount ?? 0))})`;
    case 'business.delete-test-data':
      return `Test verileri silindi (${formatNumber(Number(d.deletedCount ?? 0))})`;
    case 'business.bulk-approval':
      return `${formatNumber(Number(d.count ?? 0))} işletme ${d.isApproved ? 'onaylandı' : 'gizlendi'}`;
    case 'business.bulk-reject':
      return typeof d.count === 'number'
        ? `${formatNumber(d.count)} bekleyen işletme reddedildi`
        : 'Bekleyen işletmeler reddedildi';
    case 'contact.delete': {
      const n = Array.isArray(d.ids) ? d.ids.length : 0;
      return n === 1 ? 'İletişim mesajı silindi' : `${n} iletişim mesajı silindi`;
    }
    case 'contact.mark-read':
    case 'contact.mark-unread':
      return `İletişim mesajları ${action === 'contact.mark-read' ? 'okundu' : 'okunmadı'} olarak işaretlendi`;
    case 'contact.retention':
      return `İletişim mesajlarının saklama süresi ${str(d.months)} ay yapıldı`;
    case 'settings.save':
      return 'Site ayarları kaydedildi';
    case 'settings.import-approval':
      return d.needsApproval ? 'Yeni içe aktarmalar onay bekleyecek' : 'Yeni içe aktarmalar hemen yayınlanacak';
    case 'advertisements.save':
      return 'Reklam kodları kaydedildi';
    case 'cache.clear':
      return 'Cache temizlendi';
    case 'upload':
      return `Dosya yüklendi: ${str(d.fileName)}`;
    case 'import.preview':
      return `İçe aktarma önizlemesi: ${str(d.fileName)}`;
    case 'import.confirm':
      return `İçe aktarma onaylandı: ${str(d.fileName)}`;
    case 'synonym.create':
      return `Eş anlam eklendi: "${str(d.phrase)}" → ${str(d.means)}`;
    case 'synonym.update':
      return `Eş anlam güncellendi: "${str(d.phrase)}" → ${str(d.means)}`;
    case 'synonym.delete':
      return `Eş anlam silindi: "${str(d.phrase)}"`;
    case 'category-merge.create':
      return `Kategori birleştirildi: "${str(d.spelling)}" → ${str(d.into)}`;
    case 'category-merge.delete':
      return `Kategori birleştirmesi kaldırıldı: "${str(d.spelling)}"`;
    case 'export.start':
    case 'export.csv':
    case 'export.csv-legacy':
      return `CSV dışa aktarıldı: ${str(d.fileName)}`;
    case 'slugs.fix':
      return "URL'ler düzeltildi";
    case 'sitemaps.regenerate':
      return 'Site haritası yeniden oluşturuldu';
    case 'search.reindex':
      return 'Arama dizini yeniden oluşturuldu';
    case 'job.cancel':
      return `İş iptal edildi: ${str(d.jobId)}`;
    case 'job.retry':
      return `İş yeniden denendi: ${str(d.jobId)}`;
    case 'queues.dashboard-write':
      return `Kuyruk panelinde işlem: ${str(d.method)} ${str(d.call)}`;
    case 'password.change':
      return 'Şifre değiştirildi';
    case 'password.reset':
      return 'Şifre komut satırından değiştirildi';
    default: {
      // An action no longer written (older entries): its own name.
      const unlabelled: never = action;
      return String(unlabelled);
    }
  }
}

export function ActivityList({ entries, limit = 8 }: { entries: AuditEntry[] | undefined; limit?: number }) {
  if (!entries) return <p className="muted">Yükleniyor…</p>;
  if (entries.length === 0) return <p className="muted">Henüz bir işlem yok.</p>;
  return (
    <ul className="activity" aria-label="Son işlemler">
      {entries.slice(0, limit).map((entry) => (
        <li key={entry.id}>
          <span>{describeAction(entry)}</span>
          <span className="muted small">
            {entry.username} ·{' '}
            <time dateTime={entry.createdAt} title={formatDateTime(entry.createdAt)}>
              {timeAgo(entry.createdAt)}
            </time>
          </span>
        </li>
      ))}
    </ul>
  );
}

export function ErrorNote({ error, retry }: { error: unknown; retry?: () => void }) {
  if (!error) return null;
  return (
    <p className="notice error">
      Veriler yüklenemedi: {error instanceof Error ? error.message : String(error)}{' '}
      {retry && (
        <button type="button" className="link-button" onClick={retry}>
          Tekrar dene
        </button>
      )}
    </p>
  );
}
