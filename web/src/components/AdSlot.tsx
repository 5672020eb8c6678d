import { useEffect, useRef } from 'react';
import useSWR from 'swr';
import { injectMarkup } from '../lib/inject.js';

/** The admin's advertisement codes ad1..ad4 (a settings read: revalidated, failures only logged, spec §7). */
export function useAdCodes(): Record<string, string> | undefined {
  const { data } = useSWR<Record<string, string>>('/api/admin/advertisement-codes', {
    onError: (e) => console.error('Advertisement codes could not be loaded', e),
  });
  return data;
}

/** An advertisement slot: the code is inserted and its scripts run; an empty code leaves no slot. */
export function AdSlot({ code, className = 'ad-slot' }: { code?: string; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!ref.current || !code) return;
    ref.current.innerHTML = '';
    injectMarkup(code, ref.current);
  }, [code]);
  return code ? <div ref={ref} className={className} /> : null;
}
