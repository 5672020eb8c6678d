import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import AdminApp from './admin/AdminApp.js';
import { LoadErrorBoundary } from './admin/LoadError.js';
import { FullPageLoad } from './lib/FullPageLoad.js';
import { Providers } from './Providers.js';
import './styles.css';

/**
 * The admin back office's entry (web/admin.html, served for every /admin address). It inserts no site
 * snippet and no ad code, and its page is served with a strict Content-Security-Policy (script-src 'self'),
 * so code an admin pastes for the public site never runs beside an admin session.
 */
const root = document.getElementById('root');
if (!root) {
  console.error('The root element #root is missing');
} else {
  createRoot(root).render(
    <Providers ssr={null}>
      <BrowserRouter>
        <Routes>
          <Route
            path="/admin/*"
            element={
              <LoadErrorBoundary>
                <AdminApp />
              </LoadErrorBoundary>
            }
          />
          <Route path="/admin-legacy/*" element={<Navigate to="/admin" replace />} />
          {/* A link to the public site ("Ana Siteye Dön"): loaded as the public document. */}
          <Route path="*" element={<FullPageLoad />} />
        </Routes>
      </BrowserRouter>
    </Providers>,
  );
}
