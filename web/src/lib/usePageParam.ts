import { useSearchParams } from 'react-router-dom';
import { listPageOf } from './format.js';

/** The address of `page` of a list at `pathname`: page 1 is the list's own address, others add "?page=N". */
export const pageHref = (pathname: string, page: number) => (page > 1 ? `${pathname}?page=${page}` : pathname);

/**
 * A list's page number kept in the address ("?page=2"), so that Back from a business returns to the page the
 * visitor was on and the address can be shared. Changing page adds a history entry and keeps other parameters; the new page starts at its top (ScrollMemory).
 */
export function usePageParam(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const page = listPageOf(params.get('page'));
  const setPage = (next: number) => {
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next > 1) updated.set('page', String(next));
      else updated.delete('page');
      return updated;
    });
  };
  return [page, setPage];
}
