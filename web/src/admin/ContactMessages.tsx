import { useState } from 'react';
import useSWR from 'swr';
import {
  CONTACT_RETENTION,
  contactReplyLink,
  type ContactMessageListing,
  type ContactMessagePage,
} from '@directory/core/wire/contact.js';
import { Pager } from '../components/Pager.js';
import { adminRequest, messageOf } from './api.js';
import { useConfirm } from './dialog.js';
import { formatDateTime, formatNumber, timeAgo } from './format.js';
import { TR } from './messages.js';
import { ErrorNote, PageHead } from './parts.js';
import { useToast } from './toast.js';

const PAGE_SIZE = 20;
const T = TR.inbox;

/**
 * Issue 5 "Contact messages", kept as personal data (issue 34): newest first, 20 a page; each can be
 * answered by e-mail (which marks it read), marked read or unread, and deleted, singly or the selected ones;
 * the retention setting says how long the worker keeps them.
 */
export function ContactMessages() {
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const confirm = useConfirm();
  const list = useSWR<ContactMessagePage>(`/api/admin/contact-messages?page=${page}&limit=${PAGE_SIZE}`, {
    dedupingInterval: 10_000,
    keepPreviousData: true,
  });
  const data = list.data;
  // Deleting the last messages of the last page leaves the admin on the page before, not on an empty one.
  if (data && data.pagination.totalPages > 0 && page > data.pagination.totalPages) setPage(data.pagination.totalPages);
  const onPage = data?.messages ?? [];
  const chosen = onPage.filter((m) => selected.has(m.id));

  const act = async (work: () => Promise<unknown>, done?: string) => {
    setBusy(true);
    try {
      await work();
      if (done) toast({ title: done });
    } catch (error) {
      toast({ title: T.failed, description: messageOf(error), variant: 'destructive' });
    } finally {
      setBusy(false);
      await list.mutate();
    }
  };

  const mark = (ids: number[], read: boolean) =>
    act(() => adminRequest('/api/admin/contact-messages/read', { method: 'POST', body: { ids, read } }));

  const removeOne = async (m: ContactMessageListing) => {
    const ok = await confirm({
      title: T.deleteTitle,
      message: T.deleteText(m.subject, m.email),
      confirmLabel: T.delete,
      destructive: true,
    });
    if (!ok) return;
    await act(() => adminRequest(`/api/admin/contact-messages/${m.id}`, { method: 'DELETE' }), T.deleted(1));
    setSelected((s) => new Set([...s].filter((id) => id !== m.id)));
  };

  const removeChosen = async () => {
    const ids = chosen.map((m) => m.id);
    const ok = await confirm({
      title: T.deleteManyTitle,
      message: T.deleteManyText(ids.length),
      confirmLabel: T.deleteSelected,
      destructive: true,
    });
    if (!ok) return;
    await act(
      () => adminRequest('/api/admin/contact-messages/delete', { method: 'POST', body: { ids } }),
      T.deleted(ids.length),
    );
    setSelected(new Set());
  };

  const toggle = (id: number) =>
    setSelected((s) => {
      const next = new Set(s);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const allChosen = onPage.length > 0 && chosen.length === onPage.length;

  return (
    <section className="admin-page" aria-labelledby="contact-messages-title">
      <PageHead id="contact-messages-title" title={T.title} intro={T.intro}>
        <button type="button" className="secondary" onClick={() => list.mutate()} disabled={list.isValidating}>
          {list.isValidating ? 'Yenileniyor...' : 'Yenile'}
        </button>
      </PageHead>
      <RetentionSetting />
      <ErrorNote error={list.error} retry={() => list.mutate()} />
      <p className="muted result-line" aria-live="polite">
        {data
          ? T.summary(
              formatNumber(data.total),
              formatNumber(data.unread),
              data.pagination.page,
              Math.max(1, data.pagination.totalPages),
            )
          : list.error
            ? ''
            : 'Yükleniyor…'}
      </p>
      {data && data.messages.length === 0 && <p className="empty">{T.empty}</p>}
      {onPage.length > 0 && (
        <div className="selection-bar" role="toolbar" aria-label={T.selected(chosen.length)}>
          <label>
            <input
              type="checkbox"
              checked={allChosen}
              onChange={() => setSelected(allChosen ? new Set() : new Set(onPage.map((m) => m.id)))}
            />{' '}
            {T.selectPage}
          </label>
          <span className="muted">{T.selected(chosen.length)}</span>
          <button
            type="button"
            className="secondary"
            disabled={busy || chosen.length === 0}
            onClick={() =>
              mark(
                chosen.map((m) => m.id),
                true,
              )
            }
          >
            {T.markSelectedRead}
          </button>
          <button type="button" className="danger" disabled={busy || chosen.length === 0} onClick={removeChosen}>
            {T.deleteSelected}
          </button>
        </div>
      )}
      <ul className={`admin-rows${list.isValidating ? ' busy' : ''}`} aria-label="İletişim mesajları">
        {onPage.map((m) => (
          <li key={m.id} className={`admin-row contact-message${m.readAt ? '' : ' unread'}`}>
            <input
              type="checkbox"
              aria-label={T.select(m.subject)}
              checked={selected.has(m.id)}
              onChange={() => toggle(m.id)}
            />
            <article className="row-main" aria-labelledby={`contact-message-${m.id}`}>
              <div className="row-title">
                <span id={`contact-message-${m.id}`}>{m.subject}</span>
                {!m.readAt && <span className="badge pending">{T.unreadBadge}</span>}
              </div>
              <div className="row-facts small">
                <span>{m.name}</span>
                <span>{m.email}</span>
                {m.company && <span>{m.company}</span>}
                {m.phone && <span>{m.phone}</span>}
                <time dateTime={m.createdAt} title={timeAgo(m.createdAt)}>
                  {formatDateTime(m.createdAt)}
                </time>
              </div>
              <p className="contact-message-text">{m.message}</p>
            </article>
            <div className="row-actions">
              <a
                className="button-link"
                href={contactReplyLink(m)}
                onClick={() => {
                  if (!m.readAt) void mark([m.id], true);
                }}
              >
                {T.reply}
              </a>
              <button type="button" className="secondary" disabled={busy} onClick={() => mark([m.id], !m.readAt)}>
                {m.readAt ? T.markUnread : T.markRead}
              </button>
              <button type="button" className="danger" disabled={busy} onClick={() => removeOne(m)}>
                {T.delete}
              </button>
            </div>
          </li>
        ))}
      </ul>
      {data && (
        <Pager
          page={page}
          total={data.pagination.totalPages}
          onPage={(p) => {
            setSelected(new Set());
            setPage(p);
          }}
        />
      )}
    </section>
  );
}

/** How many months messages are kept; the worker deletes older ones daily. */
function RetentionSetting() {
  const retention = useSWR<{ months: number }>('/api/admin/contact-retention');
  const [draft, setDraft] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const toast = useToast();
  const months = retention.data?.months;
  const value = draft ?? (months === undefined ? '' : String(months));

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      const answer = await adminRequest<{ months: number }>('/api/admin/contact-retention', {
        method: 'PUT',
        body: { months: Number(value) },
      });
      toast({ title: T.retentionSaved(answer.months) });
      setDraft(null);
      await retention.mutate(answer, { revalidate: false });
    } catch (error) {
      toast({ title: T.failed, description: messageOf(error), variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="retention-setting" onSubmit={save}>
      <label>
        {T.retentionLabel}{' '}
        <input
          type="number"
          min={CONTACT_RETENTION.minMonths}
          max={CONTACT_RETENTION.maxMonths}
          step={1}
          required
          value={value}
          onChange={(e) => setDraft(e.target.value)}
          disabled={months === undefined}
        />
      </label>{' '}
      <button type="submit" className="secondary" disabled={saving || draft === null}>
        {T.retentionSave}
      </button>
      {months !== undefined && <p className="muted small">{T.retentionHelp(months)}</p>}
    </form>
  );
}
