/**
 * The operator's published contact details and the marketing figures of the static pages (public spec §1:
 * copy, not logic). Placeholders on reserved example ranges until the operator supplies the real ones.
 */
export const SITE_CONTACT = {
  email: 'support@worldbiz.example',
  phone: '+1 (212) 555-0147',
  address: 'WorldBiz Directory, 350 Fifth Avenue, Suite 4100, New York, NY 10118, USA',
} as const;

export const PLATFORM_FIGURES = [
  ['564,000+', 'Businesses'],
  ['195+', 'Countries'],
  ['15,000+', 'Cities'],
  ['500+', 'Categories'],
] as const;
