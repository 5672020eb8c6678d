import { safeHref, websiteHost } from '../lib/detail.js';

/**
 * A business's website as a link reading its host ("cafe.ch"), opened in a new tab without passing rank;
 * nothing when the stored address is not an http(s) one.
 */
export function WebsiteLink({
  url,
  name,
  className,
}: {
  url: string | null | undefined;
  name: string;
  className: string;
}) {
  const href = safeHref(url);
  if (!href) return null;
  return (
    <a className={className} href={href} target="_blank" rel="nofollow noopener">
      {websiteHost(href)}
      <span className="sr-only"> (website of {name}, opens in a new tab)</span>
    </a>
  );
}
