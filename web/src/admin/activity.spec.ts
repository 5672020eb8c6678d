import { AUDIT_ACTIONS } from '@directory/core/wire/audit.js';
import { describeAction } from './parts.js';

const entry = (action: string, details: Record<string, unknown>) => ({
  id: 1,
  username: 'admin',
  action,
  details,
  createdAt: '2026-11-29T12:00:00Z',
});

describe("the activity list names every audited action in the admin's words", () => {
  it.each(AUDIT_ACTIONS)('%s', (action) => {
    const text = describeAction(entry(action, { fileName: 'liste', count: 3, phrase: 'ac', means: 'air' }));
    expect(text).not.toBe(action);
    expect(text).not.toMatch(/\b[a-z]+\.[a-z-]+\b/); // no internal name such as import.preview
  });

  it('says what the writes did', () => {
    expect(describeAction(entry('business.bulk-reject', { count: 4 }))).toBe('4 bekleyen işletme reddedildi');
    expect(describeAction(entry('synonym.create', { phrase: 'dog grooming', means: 'pet groomer' }))).toBe(
      'Eş anlam eklendi: "dog grooming" → pet groomer',
    );
    expect(describeAction(entry('settings.import-approval', { needsApproval: true }))).toBe(
      'Yeni içe aktarmalar onay bekleyecek',
    );
    // An action no longer written keeps its own name.
    expect(describeAction(entry('something.old', {}))).toBe('something.old');
  });
});
