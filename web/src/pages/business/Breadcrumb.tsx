import { Link } from 'react-router-dom';
import { jsonLdText } from '../../lib/business.js';
import { breadcrumbJsonLd, type Crumb } from '../../lib/detail.js';
import { useSiteOrigin } from '../../ssr/swr.js';

/** The trail above a page, and the same trail as schema.org BreadcrumbList for search engines. */
export function Breadcrumb({ crumbs }: { crumbs: Crumb[] }) {
  const origin = useSiteOrigin();
  return (
    <>
      <nav className="breadcrumb" aria-label="Breadcrumb">
        <ol>
          {crumbs.map((crumb, i) => (
            <li key={`${i}-${crumb.name}`}>
              {crumb.path ? <Link to={crumb.path}>{crumb.name}</Link> : <span aria-current="page">{crumb.name}</span>}
            </li>
          ))}
        </ol>
      </nav>
      <script
        type="application/ld+json"
        dangerouslySetInnerHTML={{ __html: jsonLdText(breadcrumbJsonLd(crumbs, origin)) }}
      />
    </>
  );
}
