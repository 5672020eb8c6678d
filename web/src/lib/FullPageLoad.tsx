import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Leaves this bundle for an address the other one serves: the public site and the admin back office are
 * separate documents (web/index.html, web/admin.html) with separate Content-Security-Policies, so moving
 * between them is a full page load, never a client-side route change that would carry one into the other.
 */
export function FullPageLoad() {
  const { pathname, search, hash } = useLocation();
  useEffect(() => window.location.replace(`${pathname}${search}${hash}`), [pathname, search, hash]);
  return null;
}
