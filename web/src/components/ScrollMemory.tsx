import { useLayoutEffect, useRef } from 'react';
import { type Location, useLocation, useNavigationType } from 'react-router-dom';

/** Where the positions live across documents (a reload, or Back to a page of an earlier document). */
const STORAGE_KEY = 'scroll-positions';
/** The most recent history entries remembered: enough for any Back a visitor makes. */
const KEEP = 60;
/** How long a restore waits for the page's list to be rendered before scrolling as far as it can. */
const WAIT_MS = 8000;

/**
 * The history entry a position belongs to: its router key. The first entry of a document has no key of its own
 * ("default"), so its address tells it apart from the first entries of other documents.
 */
const entryOf = (location: Location) =>
  location.key === 'default' ? `default ${location.pathname}${location.search}${location.hash}` : location.key;

function readStored(): Map<string, number> {
  try {
    const stored = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, unknown>;
    return new Map(Object.entries(stored).filter((entry): entry is [string, number] => typeof entry[1] === 'number'));
  } catch {
    return new Map();
  }
}

function store(positions: Map<string, number>) {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries([...positions].slice(-KEEP))));
  } catch {
    // Storage full or refused: Back within the document still restores.
  }
}

/** Whether this document was opened by Back/Forward or a reload (the cases whose position is the visitor's). */
function returnedTo(): boolean {
  const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return entry?.type === 'back_forward' || entry?.type === 'reload';
}

/** How long a restored position must stay put, nothing loading, before the restore lets go of the page. */
const HOLD_MS = 1500;

/**
 * Scrolls to `target` once the page can show it: nothing is loading (skeletons and refreshing lists say
 * aria-busy) and the page is tall enough. After WAIT_MS it scrolls as far as it can. It then holds the position
 * until the page has been still at it for HOLD_MS: a refresh or a re-render that moves the page (or starts
 * loading again) puts it back and starts the hold again. Returns a cancel.
 */
function restoreWhenRendered(target: number): () => void {
  const started = performance.now();
  let stillSince: number | null = null;
  let frame = 0;
  const step = () => {
    const now = performance.now();
    const loading = document.querySelector('main [aria-busy="true"]') !== null;
    const reachable = document.documentElement.scrollHeight - window.innerHeight >= target - 1;
    if ((!loading && reachable) || now - started > WAIT_MS) {
      if (Math.abs(window.scrollY - target) > 1) {
        window.scrollTo(0, target);
        stillSince = now;
      } else stillSince ??= now;
    } else stillSince = null;
    if ((stillSince !== null && now - stillSince > HOLD_MS) || now - started > WAIT_MS + HOLD_MS) stop();
    else frame = requestAnimationFrame(step);
  };
  // The visitor's own scrolling wins over a restore still waiting.
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const type of ['wheel', 'touchstart', 'keydown', 'mousedown'])
      window.removeEventListener(type, stop, { capture: true });
  };
  for (const type of ['wheel', 'touchstart', 'keydown', 'mousedown'])
    window.addEventListener(type, stop, { capture: true, passive: true });
  step();
  return stop;
}

/**
 * Back and Forward return to where the visitor was on each page (the browser cannot: the list is rendered
 * after the address changes, often from data still loading); a new page starts at the top. React Router's
 * <ScrollRestoration> needs a data router; this is the same for <BrowserRouter>: the position is taken when the
 * address changes, before the next page is rendered, and kept in sessionStorage for other documents.
 */
export function ScrollMemory() {
  const location = useLocation();
  const navigation = useNavigationType();
  const positions = useRef<Map<string, number> | null>(null);
  const shown = useRef<Location | null>(null);
  if (typeof window !== 'undefined') {
    positions.current ??= readStored();
    // Rendering the next page: the DOM still shows the previous one, at the visitor's position.
    const previous = shown.current;
    if (previous && previous.key !== location.key) positions.current.set(entryOf(previous), window.scrollY);
  }

  useLayoutEffect(() => {
    window.history.scrollRestoration = 'manual';
    const save = () => {
      if (shown.current) positions.current!.set(entryOf(shown.current), window.scrollY);
      store(positions.current!);
    };
    window.addEventListener('pagehide', save);
    return () => window.removeEventListener('pagehide', save);
  }, []);

  useLayoutEffect(() => {
    const previous = shown.current;
    shown.current = location;
    const saved = positions.current!.get(entryOf(location));
    if (!previous || previous.key === location.key)
      return saved !== undefined && returnedTo() ? restoreWhenRendered(saved) : undefined;
    if (navigation === 'POP') return saved !== undefined ? restoreWhenRendered(saved) : undefined;
    // A new page, or another page of the same list, starts at its top; other changes of the address (a filter,
    // the sort, the text typed) keep the visitor where they are.
    const pageOf = (l: Location) => new URLSearchParams(l.search).get('page');
    if (navigation === 'PUSH' && (previous.pathname !== location.pathname || pageOf(previous) !== pageOf(location)))
      window.scrollTo(0, 0);
    return undefined;
  }, [location, navigation]);

  return null;
}
