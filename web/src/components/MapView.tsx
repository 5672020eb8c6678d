import { useEffect, useRef } from 'react';

type LeafletModule = typeof import('leaflet');

let loading: Promise<LeafletModule> | undefined;

/**
 * Leaflet and its stylesheet, loaded on demand so the map library stays out of the first page's code.
 * A failed load is retried up to 10 times, 100 ms apart (public spec §7).
 */
export function loadLeaflet(): Promise<LeafletModule> {
  const attempt = async (tries: number): Promise<LeafletModule> => {
    try {
      const [{ default: L }] = await Promise.all([import('leaflet'), import('leaflet/dist/leaflet.css')]);
      return L;
    } catch (error) {
      if (tries >= 10) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
      return attempt(tries + 1);
    }
  };
  loading ??= attempt(0).catch((error) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

export const TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const TILE_OPTIONS = { attribution: '&copy; OpenStreetMap contributors', maxZoom: 19 };

/** Leaflet map of one place at zoom 15. */
export function MapView({ latitude, longitude, label }: { latitude: number; longitude: number; label: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let map: { remove: () => void } | undefined;
    let cancelled = false;
    loadLeaflet()
      .then((L) => {
        if (cancelled || !ref.current) return;
        const created = L.map(ref.current).setView([latitude, longitude], 15);
        L.tileLayer(TILE_URL, TILE_OPTIONS).addTo(created);
        L.circleMarker([latitude, longitude], { radius: 9 }).addTo(created).bindPopup(label);
        map = created;
      })
      .catch((error) => console.error('The map could not be initialised', error));
    return () => {
      cancelled = true;
      map?.remove();
    };
  }, [latitude, longitude, label]);
  return <div ref={ref} className="map" role="region" aria-label={`Map of ${label}`} />;
}
