import { Suspense, useEffect, useState } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { compactCount } from '../lib/format.js';
import { adminRequest, setSignedInFlag } from './api.js';
import { useSession, useStats } from './hooks.js';
import { useToast } from './toast.js';
import { JobsProvider, useJobs } from './jobs-centre/JobsProvider.js';
import { RunningJobsBadge, WorkerHealth } from './jobs-centre/JobsStatus.js';
import { TR } from './messages.js';
import { LoadErrorBoundary } from './LoadError.js';

/** Bull Board (api/src/queue-dashboard), behind the same admin session. */
export const QUEUE_DASHBOARD_URL = '/api/admin/queues';

const MENU = [
  { to: '/admin', label: 'Ana Sayfa', icon: '⌂', end: true },
  { to: '/admin/dashboard', label: 'Dashboard', icon: '▦', end: true },
  { to: '/admin/businesses', label: 'İşletmeler', icon: '☰', badge: 'businesses' },
  { to: '/admin/upload', label: 'Excel Yükleme', icon: '⇪' },
  { to: '/admin/jobs', label: TR.jobs.title, icon: '⟳', badge: 'jobs' },
  { to: '/admin/settings', label: 'Site Ayarları', icon: '⚙' },
  { to: '/admin/advertisements', label: 'Reklam Yönetimi', icon: '▭', badge: '4' },
  { to: '/admin/reports', label: 'Raporlar', icon: '◔', badge: '3' },
  { to: '/admin/contact-messages', label: 'İletişim Mesajları', icon: '✉' },
  { to: '/admin/search', label: 'Arama Eş Anlamları', icon: '⇄' },
  { to: '/admin/categories', label: 'Kategori Birleştirme', icon: '⊕' },
] as const;

/**
 * Admin spec §2 layout: side menu with badges, identity card with sign-out; a menu button below 900 px. The
 * jobs (issue 34) are followed here, for every admin page: the header's running count and worker light.
 */
export function AdminLayout() {
  return (
    <JobsProvider>
      <AdminFrame />
    </JobsProvider>
  );
}

function MenuBadge({ badge, totalBusinesses }: { badge: string; totalBusinesses: number | undefined }) {
  const jobs = useJobs();
  if (badge === 'jobs') {
    const running = jobs.answer?.running ?? 0;
    return running > 0 ? <span className="menu-badge">{running}</span> : null;
  }
  if (badge === 'businesses')
    return <span className="menu-badge">{totalBusinesses === undefined ? '…' : compactCount(totalBusinesses)}</span>;
  return <span className="menu-badge">{badge}</span>;
}

function AdminFrame() {
  const session = useSession();
  const stats = useStats();
  const navigate = useNavigate();
  const location = useLocation();
  const toast = useToast();
  const { mutate } = useSWRConfig();
  const [menuOpen, setMenuOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);

  useEffect(() => setMenuOpen(false), [location.pathname]);

  const signOut = async () => {
    setSigningOut(true);
    try {
      await adminRequest('/api/admin/logout', { method: 'POST', redirectOn401: false });
    } catch {
      // The session ends on the server when it can be reached; the screens close either way.
    }
    setSignedInFlag(false);
    await mutate(() => true, undefined, { revalidate: false });
    toast({ title: 'Çıkış yapıldı', description: 'Oturumunuz sonlandırıldı.' });
    navigate('/admin/login', { replace: true });
  };

  const username = session.data?.username ?? '…';
  return (
    <div className="admin">
      <a className="skip-link" href="#admin-main">
        İçeriğe geç
      </a>
      <aside className="admin-side">
        <div className="admin-side-head">
          <NavLink to="/admin" end className="admin-brand">
            <span className="logo-blue">World</span>
            <span className="logo-red">Biz</span> <small>Yönetim</small>
          </NavLink>
          <button
            type="button"
            className="menu-toggle secondary"
            aria-expanded={menuOpen}
            aria-controls="admin-menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            Menü
          </button>
        </div>
        <div id="admin-menu" className={`admin-menu${menuOpen ? ' open' : ''}`}>
          <nav aria-label="Yönetim menüsü">
            <ul>
              {MENU.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} end={'end' in item ? item.end : false}>
                    <span aria-hidden="true" className="menu-icon">
                      {item.icon}
                    </span>
                    <span className="menu-label">{item.label}</span>
                    {'badge' in item && <MenuBadge badge={item.badge} totalBusinesses={stats.data?.totalBusinesses} />}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <ul className="admin-side-links">
            <li>
              <a href={QUEUE_DASHBOARD_URL} target="_blank" rel="noopener">
                Kuyruk Paneli ↗
              </a>
            </li>
            <li>
              <NavLink to="/">Ana Siteye Dön</NavLink>
            </li>
          </ul>
          <div className="identity-card">
            <span className="avatar" aria-hidden="true">
              {username.slice(0, 1).toUpperCase()}
            </span>
            <div>
              <strong>{username}</strong>
              <span className="muted small">Yönetici</span>
            </div>
            <button type="button" className="secondary" onClick={signOut} disabled={signingOut}>
              {signingOut ? 'Çıkış yapılıyor...' : 'Çıkış Yap'}
            </button>
          </div>
        </div>
      </aside>
      <main id="admin-main" className="admin-main" tabIndex={-1}>
        <div className="admin-topbar">
          <WorkerHealth />
          <RunningJobsBadge />
        </div>
        <LoadErrorBoundary resetKey={location.pathname}>
          <Suspense fallback={<p className="muted">Yükleniyor…</p>}>
            <Outlet />
          </Suspense>
        </LoadErrorBoundary>
      </main>
    </div>
  );
}
