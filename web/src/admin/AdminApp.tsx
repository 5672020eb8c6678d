import { lazy, useEffect } from 'react';
import { Navigate, Route, Routes, useNavigate } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { Layout } from '../components/Layout.js';
import { NotFound } from '../pages/NotFound.js';
import { adminFetcher, ApiError, isFlaggedSignedIn, setUnauthorizedHandler } from './api.js';
import { AdminLayout } from './AdminLayout.js';
import { ConfirmProvider } from './dialog.js';
import { Home } from './Home.js';
import { screen } from './LoadError.js';
import { Login } from './Login.js';
import { ToastProvider, useToast } from './toast.js';

// Each screen is a code chunk of its own, loaded when first opened (a failed load shows the error screen).
const Dashboard = lazy(screen(() => import('./Dashboard.js'), 'Dashboard'));
const Businesses = lazy(screen(() => import('./Businesses.js'), 'Businesses'));
const Upload = lazy(screen(() => import('./Upload.js'), 'Upload'));
const JobsPage = lazy(screen(() => import('./jobs-centre/JobsPage.js'), 'JobsPage'));
const Settings = lazy(screen(() => import('./Settings.js'), 'Settings'));
const Advertisements = lazy(screen(() => import('./Advertisements.js'), 'Advertisements'));
const Reports = lazy(screen(() => import('./Reports.js'), 'Reports'));
const ContactMessages = lazy(screen(() => import('./ContactMessages.js'), 'ContactMessages'));
const Synonyms = lazy(screen(() => import('./Synonyms.js'), 'Synonyms'));
const CategoryMerges = lazy(screen(() => import('./CategoryMerges.js'), 'CategoryMerges'));
import './admin.css';

/** The admin back office (admin spec §2), loaded only when an /admin address is opened. */
export default function AdminApp() {
  return (
    <SWRConfig
      value={{
        fetcher: adminFetcher,
        // A refusal (401, 403, 404 …) does not change by asking again; other failures back off from 1 s.
        onErrorRetry: (error, _key, config, revalidate, { retryCount }) => {
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) return;
          if (retryCount > (config.errorRetryCount ?? 3)) return;
          setTimeout(() => revalidate({ retryCount }), Math.min(30_000, 1000 * 2 ** (retryCount - 1)));
        },
      }}
    >
      <ToastProvider>
        <ConfirmProvider>
          <SignInRedirect />
          <Routes>
            <Route path="login" element={<Login />} />
            <Route
              element={
                <RequireAdmin>
                  <AdminLayout />
                </RequireAdmin>
              }
            >
              <Route index element={<Home />} />
              <Route path="dashboard" element={<Dashboard />} />
              <Route path="businesses" element={<Businesses />} />
              <Route path="upload" element={<Upload />} />
              <Route path="jobs" element={<JobsPage />} />
              <Route path="settings" element={<Settings />} />
              <Route path="advertisements" element={<Advertisements />} />
              <Route path="reports" element={<Reports />} />
              <Route path="contact-messages" element={<ContactMessages />} />
              <Route path="search" element={<Synonyms />} />
              <Route path="categories" element={<CategoryMerges />} />
            </Route>
            {/* Admin spec §2: any other path shows the public not-found page. */}
            <Route element={<Layout />}>
              <Route path="*" element={<NotFound withAd={false} />} />
            </Route>
          </Routes>
        </ConfirmProvider>
      </ToastProvider>
    </SWRConfig>
  );
}

/** Admin spec §4: without the stored flag the screens do not render; the server's 401 clears the flag. */
function RequireAdmin({ children }: { children: React.ReactNode }) {
  if (!isFlaggedSignedIn()) return <Navigate to="/admin/login" replace />;
  return <>{children}</>;
}

/** Any 401 from an admin call: back to the sign-in page, saying why. */
function SignInRedirect() {
  const navigate = useNavigate();
  const toast = useToast();
  useEffect(() => {
    let last = 0;
    setUnauthorizedHandler(() => {
      if (window.location.pathname === '/admin/login') return;
      navigate('/admin/login', { replace: true });
      if (Date.now() - last > 2000) {
        last = Date.now();
        toast({ title: 'Oturum sona erdi', description: 'Devam etmek için yeniden giriş yapın.' });
      }
    });
  }, [navigate, toast]);
  return null;
}
