import { useState } from 'react';
import useSWR from 'swr';
import type { ContactMessagePage } from '@directory/core/wire/contact.js';
import { Pager } from '../components/Pager.js';
import { formatDateTime, formatNumber, timeAgo } from './format.js';
import { ErrorNote, PageHead } from './parts.js';

const PAGE_SIZE = 20;

/** Issue 5 "Contact messages": what visitors sent through the contact form, newest first, 20 a page. */
export function ContactMessages() {
  const [page, setPage] = useState(1);
  const list = useSWR<ContactMessagePage>(`/api/admin/contact-messages?page=${page}&limit=${PAGE_SIZE}`, {
    dedupingInterval: 10_000,
    keepPreviousData: true,
  });
  const data = list.data;

  return (
    <section className="admin-page" aria-labelledby="contact-messages-title">
      <PageHead
        id="contact-messages-title"
        title="İletişim Mesajları"
        intro="Ziyaretçilerin iletişim formundan gönderdiği mesajlar, en yenisi başta."
      >
        <button type="button" className="secondary" onClick={() => list.mutate()} disabled={list.isValidating}>
          {list.isValidating ? 'Yenileniyor...' : 'Yenile'}
        </button>
      </PageHead>
      <ErrorNote error={list.error} retry={() => list.mutate()} />
      <p className="muted result-line" aria-live="polite">
        {data
          ? `${formatNumber(data.total)} mesaj · sayfa ${data.pagination.page} / ${Math.max(1, data.pagination.totalPages)}`
          : list.error
            ? ''
            : 'Yükleniyor…'}
      </p>
      {data && data.messages.length === 0 && <p className="empty">Henüz mesaj yok</p>}
      <ul className={`admin-rows${list.isValidating ? ' busy' : ''}`} aria-label="İletişim mesajları">
        {data?.messages.map((m) => (
          <li key={m.id} className="admin-row contact-message">
            <article className="row-main" aria-labelledby={`contact-message-${m.id}`}>
              <div className="row-title">
                <span id={`contact-message-${m.id}`}>{m.subject}</span>
              </div>
              <div className="row-facts small">
                <span>{m.name}</span>
                <a href={`mailto:${m.email}`}>{m.email}</a>
                {m.company && <span>{m.company}</span>}
                {m.phone && <span>{m.phone}</span>}
                <time dateTime={m.createdAt} title={timeAgo(m.createdAt)}>
                  {formatDateTime(m.createdAt)}
                </time>
              </div>
              <p className="contact-message-text">{m.message}</p>
            </article>
          </li>
        ))}
      </ul>
      {data && <Pager page={page} total={data.pagination.totalPages} onPage={setPage} />}
    </section>
  );
}
