import { pageWindow } from '../lib/format.js';

export function Pager(props: { page: number; total: number; onPage: (page: number) => void; withEnds?: boolean }) {
  const { page, total, onPage } = props;
  if (total <= 1) return null;
  return (
    <nav className="pager" aria-label="Pagination">
      <button disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      {pageWindow(page, total, props.withEnds).map((p, i) =>
        p === 'ellipsis' ? (
          <span key={`e${i}`}>…</span>
        ) : (
          <button key={p} aria-current={p === page ? 'page' : undefined} onClick={() => onPage(p)}>
            {p}
          </button>
        ),
      )}
      <button disabled={page >= total} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}
