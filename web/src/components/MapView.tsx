import { useEffect, useRef } from 'react';

/** Leaflet map at zoom 15, loaded on demand so the map library stays out of the first page's code. */
export function MapView({ latitude, longitude, label }: { latitude: number; longitude: number; label: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let map: { remove: () => void } | undefined;
    let cancelled = false;
    Promise.all([import('leaflet'), import('leaflet/dist/leaflet.css')])
      .then(([{ default: L }]) => {
        if (cancelled || !ref.current) return;
        const created = L.map(ref.current).setView([latitude, longitude], 15);
        L.tileLayer('https://tile.openstreetmap.org/{z}/{x}/{y}.png', {
          attribution: '&copy; OpenStreetMap contributors',
          maxZoom: 19,
        }).addTo(created);
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
