import { NavLink, Outlet } from 'react-router-dom';
import { HeadSync } from '../ssr/swr.js';

const LINKS = [
  ['/', 'Home'],
  ['/businesses', 'Businesses'],
  ['/categories', 'Categories'],
  ['/countries', 'Countries'],
  ['/cities', 'Cities'],
  ['/contact', 'Contact'],
] as const;

export function Layout() {
  return (
    <>
      <HeadSync />
      <header className="nav">
        <NavLink to="/" className="logo" aria-label="WorldBiz home">
          <span className="logo-blue">World</span>
          <span className="logo-red">Biz</span>
        </NavLink>
        <nav aria-label="Main">
          {LINKS.map(([to, label]) => (
            <NavLink key={to} to={to} end={to === '/'} className={({ isActive }) => (isActive ? 'active' : undefined)}>
              {label}
            </NavLink>
          ))}
        </nav>
      </header>
      <main>
        <Outlet />
      </main>
      <footer className="footer">
        <nav aria-label="Footer">
          <NavLink to="/">Home</NavLink>
          <NavLink to="/categories">Categories</NavLink>
          <NavLink to="/countries">Countries</NavLink>
          <NavLink to="/cities">Cities</NavLink>
          <NavLink to="/contact">Contact</NavLink>
          <NavLink to="/privacy-policy">Privacy Policy</NavLink>
          <NavLink to="/legal-notice">Legal Notice</NavLink>
          <NavLink to="/terms-of-service">Terms of Service (AGB)</NavLink>
          <NavLink to="/cookie-policy">Cookie Policy</NavLink>
        </nav>
        <p>© {new Date().getFullYear()} WorldBiz Directory</p>
      </footer>
    </>
  );
}
