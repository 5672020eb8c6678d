import { Link, NavLink, Outlet } from 'react-router-dom';
import { HeadSync } from '../ssr/swr.js';
import { ScrollMemory } from './ScrollMemory.js';

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
      <ScrollMemory />
      {/* The first thing Tab reaches: past the header's links to the page's own content (WCAG 2.4.1). */}
      <a className="skip-link" href="#content">
        Skip to content
      </a>
      <header className="nav">
        <Link to="/" className="logo" aria-label="WorldBiz home">
          <span className="logo-blue">World</span>
          <span className="logo-red">Biz</span>
        </Link>
        <nav aria-label="Main">
          {LINKS.map(([to, label]) => (
            <NavLink key={to} to={to} end={to === '/'} className={({ isActive }) => (isActive ? 'active' : undefined)}>
              {label}
            </NavLink>
          ))}
        </nav>
      </header>
      <main id="content" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="footer">
        <nav aria-label="Footer">
          <Link to="/">Home</Link>
          <Link to="/categories">Categories</Link>
          <Link to="/countries">Countries</Link>
          <Link to="/cities">Cities</Link>
          <Link to="/contact">Contact</Link>
          <Link to="/privacy-policy">Privacy Policy</Link>
          <Link to="/legal-notice">Legal Notice</Link>
          <Link to="/terms-of-service">Terms of Service (AGB)</Link>
          <Link to="/cookie-policy">Cookie Policy</Link>
        </nav>
        <p>© {new Date().getFullYear()} WorldBiz Directory</p>
      </footer>
    </>
  );
}
