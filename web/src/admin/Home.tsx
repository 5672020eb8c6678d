import { Link } from 'react-router-dom';
import useSWR from 'swr';
import { formatDateTime, formatNumber } from './format.js';
import { useAuditLog, useSession, useStats, useUploadReports } from './hooks.js';
import { ActivityList, PageHead, StatCard } from './parts.js';
import { FRESH } from './rules.js';

const SECTIONS = [
  {
    to: '/admin/dashboard',
    title: 'Dashboard',
    text: 'İstatistikler, sistem metrikleri ve son yüklemeler.',
    icon: '▦',
  },
  {
    to: '/admin/businesses',
    title: 'İşletmeler',
    text: 'Ara, düzenle, onayla, sil ve CSV olarak dışa aktar.',
    icon: '☰',
  },
  {
    to: '/admin/upload',
    title: 'Excel Yükleme',
    text: 'Excel veya CSV dosyalarından toplu işletme aktarımı.',
    icon: '⇪',
  },
  {
    to: '/admin/settings',
    title: 'Site Ayarları',
    text: 'Head, body ve footer kodları, cache ve site haritası.',
    icon: '⚙',
  },
  {
    to: '/admin/advertisements',
    title: 'Reklam Yönetimi',
    text: 'İşletme sayfalarındaki dört reklam alanı.',
    icon: '▭',
  },
  { to: '/admin/reports', title: 'Raporlar', text: 'Trend, coğrafi dağılım ve kullanıcı davranışı.', icon: '◔' },
];

/** Admin spec §2 home: welcome banner, status tiles, quick access, recent activity. */
export function Home() {
  const session = useSession();
  const stats = useStats();
  const countries = useSWR<string[]>('/api/admin/country-codes', { dedupingInterval: FRESH.countryCodes });
  const reports = useUploadReports();
  const audit = useAuditLog();
  const lastUpdate = reports.data?.[0]?.timestamp ?? audit.data?.[0]?.createdAt;
  return (
    <section className="admin-page" aria-labelledby="home-title">
      <div className="welcome">
        <PageHead
          id="home-title"
          title={`Hoş geldiniz${session.data?.username ? `, ${session.data.username}` : ''}`}
          intro="WorldBiz yönetim paneli: işletmeleri, içe ve dışa aktarmaları, site kodlarını buradan yönetin."
        />
      </div>
      <div className="stat-grid">
        <StatCard icon="●" label="Durum" value={session.data ? 'Aktif' : '…'} note="Oturum sunucuda doğrulandı" />
        <StatCard label="Ülke" value={formatNumber(countries.data?.length ?? 47)} loading={!countries.data} />
        <StatCard
          label="Son Güncelleme"
          value={lastUpdate ? formatDateTime(lastUpdate) : '—'}
          loading={!reports.data}
        />
        <StatCard label="Toplam İşletme" value={stats.data ? formatNumber(stats.data.totalBusinesses) : '…'} />
      </div>
      <h2>Hızlı Erişim</h2>
      <ul className="quick-grid">
        {SECTIONS.map((s) => (
          <li key={s.to}>
            <Link to={s.to} className="quick-card">
              <span aria-hidden="true" className="quick-icon">
                {s.icon}
              </span>
              <strong>{s.title}</strong>
              <span className="muted small">{s.text}</span>
            </Link>
          </li>
        ))}
      </ul>
      <section className="admin-card" aria-labelledby="home-activity">
        <h2 id="home-activity">Son Aktiviteler</h2>
        <ActivityList entries={audit.data} limit={5} />
      </section>
    </section>
  );
}
