import { useParams } from 'react-router-dom';
import { SITE_CONTACT } from '../lib/site.js';
import { NotFound } from './NotFound.js';

/** A table of example cookies: type, name, provider, purpose, lifetime. */
type CookieRow = [type: string, name: string, provider: string, purpose: string, lifetime: string];
type Page = { title: string; sections: [heading: string, text: string, examples?: CookieRow[]][] };

/**
 * Cookie Policy examples (public spec §2): what this site sets itself, and what the services an operator may add
 * through the site's snippets and ad codes set, with their providers' documented lifetimes.
 */
const COOKIE_EXAMPLES: CookieRow[] = [
  ['Essential', 'admin_session', 'WorldBiz Directory (first party)', 'Keeps an administrator signed in', '12 hours'],
  ['Analytics', '_ga', 'Google Analytics (Google LLC)', 'Tells visits apart to count them', '24 months'],
  ['Analytics', '_ga_<container-id>', 'Google Analytics (Google LLC)', 'Keeps the state of a visit', '24 months'],
  ['Marketing', '_fbp', 'Meta Pixel (Meta Platforms, Inc.)', 'Measures and targets advertising', '90 days'],
  ['Marketing', '_gcl_au', 'Google Ads (Google LLC)', 'Links ad clicks to visits', '90 days'],
  ['Preference', 'NID', 'Google Maps (Google LLC)', 'Remembers settings such as language', '6 months'],
];

const PAGES: Record<string, Page> = {
  'privacy-policy': {
    title: 'Privacy Policy',
    sections: [
      [
        'Introduction',
        'This policy explains which personal data WorldBiz Directory processes when you use the site, and why.',
      ],
      [
        'Information we collect',
        'Messages you send through the contact form (name, e-mail address, subject, message, optional company and phone) and technical data your browser sends with each request.',
      ],
      ['How we use it', 'To answer your messages, to keep the directory running and secure, and to improve it.'],
      [
        'Sharing',
        'We do not sell personal data. Service providers that host the site process data on our behalf under contract.',
      ],
      ['Security', 'Data is transferred encrypted and stored on access-controlled systems.'],
      [
        'Your rights',
        'You may ask for access, correction, deletion or restriction of your data, and object to its processing.',
      ],
      [
        'International transfers',
        'Where data leaves your country, appropriate safeguards such as standard contractual clauses apply.',
      ],
      [
        'Retention',
        'Contact messages are kept as long as needed to answer them and for legal obligations, then deleted.',
      ],
      ['Contact', 'Write to us through the contact page for any privacy question.'],
    ],
  },
  'legal-notice': {
    title: 'Legal Notice',
    sections: [
      [
        'Company information',
        'WorldBiz Directory is operated by its publisher; contact details are on the contact page.',
      ],
      ['Registration', 'Registration details are available on request.'],
      ['Management', 'The management is named in the commercial register entry.'],
      ['Insurance', 'Professional liability insurance is held for the services offered.'],
      [
        'Intellectual property',
        'Texts, design and software of this site are protected; business data belongs to its sources.',
      ],
      [
        'Dispute resolution',
        'Disputes are resolved in four steps: direct contact, mediation, arbitration, and finally the competent court.',
      ],
      ['Governing law', 'The law of the operator’s seat applies.'],
      ['Compliance', 'We follow applicable consumer-protection and data-protection rules.'],
      ['Legal contact', 'The legal office answers Monday to Friday and on Saturday until 2:00 PM.'],
    ],
  },
  'terms-of-service': {
    title: 'Terms of Service (AGB)',
    sections: [
      ['Agreement', 'By using the directory you accept these terms.'],
      [
        'Services',
        'A searchable directory of businesses worldwide; we aim for 99.9% uptime, 95%+ data accuracy and responses under 2 seconds.',
      ],
      ['Accounts', 'Visitors need no account.'],
      [
        'Allowed and prohibited activities',
        'Browsing and searching are allowed; scraping, abuse and unlawful use are not.',
      ],
      [
        'Content and review guidelines',
        'Content must be accurate and lawful; we moderate about 10,000 submissions weekly.',
      ],
      ['Intellectual property', 'The site and its software remain ours; business data remains its owners’.'],
      ['Privacy', 'See the Privacy Policy.'],
      ['Liability', 'Listings are provided as they are, without warranty of completeness.'],
      ['Termination', 'Misuse may lead to a warning, a temporary suspension, a review and a permanent termination.'],
      ['Governing law and disputes', 'The law of the operator’s seat applies.'],
      ['Changes', 'Changes are announced 30 days in advance.'],
      [
        'Contact',
        'Use the contact page. We serve 2.5 million monthly users, 15 million monthly searches and 500,000 inquiries per month.',
      ],
    ],
  },
  'cookie-policy': {
    title: 'Cookie Policy',
    sections: [
      [
        'What cookies are',
        'Small files a site stores in your browser; first-party cookies come from this site, third-party cookies from others.',
      ],
      [
        'Types',
        'Essential cookies make the site work (the visitor pages need none; the administrator sign-in needs one). Analytics, marketing and preference cookies come only from services the site operator adds through its analytics snippet, tracking pixel or advertisement codes. Examples, by type:',
        COOKIE_EXAMPLES,
      ],
      [
        'Duration and retention',
        'Preferences 1 year, analytics 24 months, marketing 90 days, authentication 30 days at most.',
      ],
      [
        'Managing preferences',
        'You can block or delete cookies in your browser; blocking essential cookies breaks sign-in.',
      ],
      [
        'Third-party services',
        'Google Analytics, Meta Pixel and advertising networks set their own cookies when the operator enables them; each provider’s own policy applies. The map tiles (OpenStreetMap) set none.',
      ],
      ['International compliance', 'We follow EU rules, California rules and other applicable laws.'],
      [
        'Updates and contact',
        `This policy may change; ask us through the contact page, by e-mail at ${SITE_CONTACT.email}, by phone at ${SITE_CONTACT.phone} or by post to ${SITE_CONTACT.address}.`,
      ],
    ],
  },
};

export function Legal({ page }: { page?: string }) {
  const params = useParams();
  const content = PAGES[page ?? params.page ?? ''];
  if (!content) return <NotFound />;
  return (
    <article className="legal">
      <h1>{content.title}</h1>
      <p className="muted">Last updated December 12, 2025</p>
      {content.sections.map(([heading, text, examples]) => (
        <section key={heading}>
          <h2>{heading}</h2>
          <p>{text}</p>
          {examples && (
            <div className="table-scroll" role="region" aria-label="Example cookies" tabIndex={0}>
              <table className="cookie-table">
                <thead>
                  <tr>
                    <th scope="col">Type</th>
                    <th scope="col">Cookie</th>
                    <th scope="col">Provider</th>
                    <th scope="col">Purpose</th>
                    <th scope="col">Lifetime</th>
                  </tr>
                </thead>
                <tbody>
                  {examples.map(([type, name, provider, purpose, lifetime]) => (
                    <tr key={name}>
                      <td>{type}</td>
                      <td>
                        <code>{name}</code>
                      </td>
                      <td>{provider}</td>
                      <td>{purpose}</td>
                      <td>{lifetime}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      ))}
    </article>
  );
}
