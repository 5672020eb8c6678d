import { useEffect, useRef, useState } from 'react';
import type * as Leaflet from 'leaflet';
import { useNavigate } from 'react-router-dom';
import { groupNearby } from '../lib/cluster.js';
import { formatDistance, viewBox, type GeoBox, type Hit } from '../lib/search.js';
import { loadLeaflet, TILE_OPTIONS, TILE_URL } from './MapView.js';
import { plural } from '../lib/format.js';
import { shortRating } from '../lib/rating.js';

type Located = Hit & { latitude: number; longitude: number };

/** Markers closer than this many pixels merge into one numbered cluster marker. */
const CLUSTER_RADIUS_PX = 44;
const SINGLE_ZOOM = 15;

function located(hits: Hit[]): Located[] {
  return hits.filter(
    (h): h is Located =>
      typeof h.latitude === 'number' &&
      typeof h.longitude === 'number' &&
      Math.abs(h.latitude) <= 90 &&
      Math.abs(h.longitude) <= 180,
  );
}

const boxKey = (box: GeoBox) => [box.south, box.west, box.north, box.east].join(',');

export interface ResultsMapProps {
  hits: Hit[];
  originLat?: number;
  originLng?: number;
  /** The hit whose card is hovered or focused: its marker (or the cluster holding it) is raised and marked. */
  activeId?: number | null;
  /** Hovering or focusing a marker marks its card. */
  onActivate?: (id: number | null) => void;
  /** The box the results were searched in: the map shows it instead of fitting the markers. */
  area?: GeoBox;
  /**
   * After the visitor pans or zooms, "Search this area" offers the view's box (rounded, viewBox); with "Search as
   * I move the map" ticked the view is searched by itself (`moving`), a moment after the visitor stops.
   */
  onSearchArea?: (box: GeoBox, moving: boolean) => void;
  /** Whether "Search as I move the map" is ticked (off unless the visitor ticks it). */
  searchAsMoved?: boolean;
  onSearchAsMoved?: (on: boolean) => void;
}

/** How long the map rests after the visitor's last pan or zoom before "search as I move" searches it. */
const MOVE_SETTLE_MS = 400;

/**
 * The businesses of the current result page on a Leaflet map. Nearby markers are grouped into cluster
 * markers showing how many they hold, regrouped at each zoom; a cluster opens by zooming in on it, or, when
 * its businesses share one spot, lists them in a popup. Markers are keyboard reachable (Tab, then Enter).
 */
export function ResultsMap({
  hits,
  originLat,
  originLng,
  activeId = null,
  onActivate,
  area,
  onSearchArea,
  searchAsMoved = false,
  onSearchAsMoved,
}: ResultsMapProps) {
  const ref = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  const [ready, setReady] = useState<{ L: typeof Leaflet; map: Leaflet.Map } | null>(null);
  const [failed, setFailed] = useState(false);
  // Moves the page makes (fitting the results, a resize) are not the visitor's: only theirs offer the area search.
  const programmatic = useRef(false);
  const [moved, setMoved] = useState(false);
  /** Counts the visitor's moves: each one starts the wait before "search as I move" searches again. */
  const [moves, setMoves] = useState(0);
  /** Each hit's marker: its own, or the cluster holding it. */
  const markerOf = useRef(new Map<number, Leaflet.Marker>());
  const activeRef = useRef<number | null>(activeId);
  const onActivateRef = useRef(onActivate);
  /** The area shown (fitted, or searched from the view itself), so paging within it keeps the view. */
  const shownArea = useRef<string | null>(null);

  useEffect(() => {
    navigateRef.current = navigate;
    onActivateRef.current = onActivate;
  }, [navigate, onActivate]);

  const byPage = (move: () => void) => {
    programmatic.current = true;
    try {
      move();
    } finally {
      programmatic.current = false;
    }
  };

  useEffect(() => {
    let map: Leaflet.Map | undefined;
    let cancelled = false;
    loadLeaflet()
      .then((L) => {
        if (cancelled || !ref.current) return;
        const created = L.map(ref.current, { worldCopyJump: true }).setView([20, 0], 2);
        map = created;
        L.tileLayer(TILE_URL, TILE_OPTIONS).addTo(created);
        created.on('moveend', () => {
          if (programmatic.current) return;
          setMoved(true);
          setMoves((n) => n + 1);
        });
        // The map's box changes with the layout (the phone's Map/List toggle): Leaflet must measure it again.
        const resized = new ResizeObserver(() => byPage(() => created.invalidateSize({ pan: false })));
        resized.observe(ref.current);
        created.on('unload', () => resized.disconnect());
        setReady({ L, map: created });
      })
      .catch((error) => {
        console.error('The map could not be initialised', error);
        setFailed(true);
      });
    return () => {
      cancelled = true;
      map?.remove();
    };
  }, []);

  useEffect(() => {
    if (!ready) return;
    const { L, map } = ready;
    const points = located(hits);
    const origin = originLat !== undefined && originLng !== undefined ? { lat: originLat, lng: originLng } : null;
    const layer = L.layerGroup().addTo(map);

    const link = (hit: Hit) => {
      const a = document.createElement('a');
      a.href = `/business/${encodeURIComponent(hit.slug)}`;
      a.textContent = hit.name;
      a.addEventListener('click', (event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        navigateRef.current(`/business/${encodeURIComponent(hit.slug)}`);
      });
      return a;
    };
    const popupFor = (hit: Hit) => {
      const box = document.createElement('div');
      box.className = 'map-popup';
      const title = document.createElement('strong');
      title.append(link(hit));
      box.append(title);
      const facts = [
        hit.category,
        shortRating(hit.rating, hit.reviews),
        hit.distanceKm !== undefined ? formatDistance(hit.distanceKm) : null,
      ].filter(Boolean);
      if (facts.length) {
        const line = document.createElement('div');
        line.textContent = facts.join(' · ');
        box.append(line);
      }
      if (hit.fullAddress) {
        const address = document.createElement('div');
        address.className = 'muted';
        address.textContent = hit.fullAddress;
        box.append(address);
      }
      return box;
    };
    const listPopup = (group: Located[]) => {
      const list = document.createElement('ul');
      list.className = 'map-popup-list';
      for (const hit of group) {
        const item = document.createElement('li');
        item.append(link(hit));
        list.append(item);
      }
      return list;
    };

    const activate = (marker: Leaflet.Marker, id: number) => {
      marker.on('mouseover', () => onActivateRef.current?.(id));
      marker.on('mouseout', () => onActivateRef.current?.(null));
      const element = marker.getElement();
      element?.addEventListener('focus', () => onActivateRef.current?.(id));
      element?.addEventListener('blur', () => onActivateRef.current?.(null));
    };

    const draw = () => {
      layer.clearLayers();
      markerOf.current.clear();
      const zoom = map.getZoom();
      const groups = groupNearby(points, (h) => map.project([h.latitude, h.longitude], zoom), CLUSTER_RADIUS_PX);
      for (const group of groups) {
        if (group.length === 1) {
          const hit = group[0];
          const marker = L.marker([hit.latitude, hit.longitude], {
            icon: L.divIcon({ className: 'pin', html: '<span></span>', iconSize: [26, 26], iconAnchor: [13, 26] }),
            title: hit.name,
            alt: hit.name,
            riseOnHover: true,
          })
            .bindPopup(popupFor(hit), { offset: [0, -20] })
            .addTo(layer);
          markerOf.current.set(hit.id, marker);
          activate(marker, hit.id);
          continue;
        }
        const bounds = L.latLngBounds(group.map((h) => [h.latitude, h.longitude] as [number, number]));
        // Businesses at (nearly) one spot never separate by zooming: list them instead.
        const samePlace =
          bounds.getNorthEast().distanceTo(bounds.getSouthWest()) < 10 ||
          map.getBoundsZoom(bounds) <= zoom ||
          zoom >= map.getMaxZoom();
        const lat = group.reduce((s, h) => s + h.latitude, 0) / group.length;
        const lng = group.reduce((s, h) => s + h.longitude, 0) / group.length;
        const label = `${plural(group.length, 'business', 'businesses')} here: ${samePlace ? 'list them' : 'zoom in'}`;
        const size = group.length < 10 ? 34 : group.length < 50 ? 40 : 46;
        const marker = L.marker([lat, lng], {
          icon: L.divIcon({
            className: 'cluster',
            html: `<span aria-hidden="true">${group.length}</span><span class="sr-only">${label}</span>`,
            iconSize: [size, size],
          }),
          title: label,
          riseOnHover: true,
        }).addTo(layer);
        for (const hit of group) markerOf.current.set(hit.id, marker);
        if (samePlace) marker.bindPopup(listPopup(group));
        else marker.on('click', () => map.fitBounds(bounds, { padding: [40, 40], maxZoom: map.getMaxZoom() }));
      }
      if (origin) {
        L.circleMarker([origin.lat, origin.lng], {
          radius: 7,
          color: '#fff',
          weight: 2,
          fillColor: '#dc2626',
          fillOpacity: 1,
        })
          .bindTooltip('Your location')
          .addTo(layer);
      }
      markActive(activeRef.current);
    };

    byPage(() => {
      map.invalidateSize({ pan: false });
      const key = area ? boxKey(area) : null;
      if (area && key !== shownArea.current) {
        // Across the antimeridian the east edge lies one turn further east.
        const east = area.east < area.west ? area.east + 360 : area.east;
        map.fitBounds(
          [
            [area.south, area.west],
            [area.north, east],
          ],
          { animate: false },
        );
      } else if (!area) {
        const all = points.map((h) => [h.latitude, h.longitude] as [number, number]);
        if (origin) all.push([origin.lat, origin.lng]);
        if (all.length === 1) map.setView(all[0], SINGLE_ZOOM, { animate: false });
        else if (all.length > 1)
          map.fitBounds(L.latLngBounds(all), { padding: [30, 30], maxZoom: SINGLE_ZOOM, animate: false });
      }
      shownArea.current = key;
    });
    setMoved(false);
    draw();
    map.on('zoomend', draw);
    return () => {
      map.off('zoomend', draw);
      layer.remove();
    };
    // The area's key is its value: a new object of the same box is the same area.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, hits, originLat, originLng, area && boxKey(area)]);

  /** Marks the marker of `id` (or the cluster holding it) and raises it above the others. */
  function markActive(id: number | null) {
    for (const marker of markerOf.current.values()) {
      marker.getElement()?.classList.remove('active');
      marker.setZIndexOffset(0);
    }
    const marker = id === null ? undefined : markerOf.current.get(id);
    marker?.getElement()?.classList.add('active');
    marker?.setZIndexOffset(1000);
  }

  useEffect(() => {
    activeRef.current = activeId;
    markActive(activeId);
  }, [activeId]);

  const searchArea = (moving = false) => {
    if (!ready || !onSearchArea) return;
    const view = ready.map.getBounds();
    const box = viewBox({ south: view.getSouth(), west: view.getWest(), north: view.getNorth(), east: view.getEast() });
    // The results of the view itself: the map keeps the view the visitor chose.
    shownArea.current = boxKey(box);
    setMoved(false);
    onSearchArea(box, moving);
  };
  const searchAreaRef = useRef(searchArea);
  useEffect(() => {
    searchAreaRef.current = searchArea;
  });
  useEffect(() => {
    if (!searchAsMoved || moves === 0) return;
    const timer = setTimeout(() => searchAreaRef.current(true), MOVE_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [moves, searchAsMoved]);

  const count = located(hits).length;
  return (
    <div className="results-map">
      {/* The map and what floats over it, centred at its top: "search as I move", and the area search after a move. */}
      <div className="map-frame">
        <div
          ref={ref}
          className="map"
          role="region"
          aria-label={`Map of ${plural(count, 'business', 'businesses')} on this page`}
        />
        {onSearchArea && (
          <div className="map-controls">
            {onSearchAsMoved && (
              <label className="search-as-moved">
                <input
                  type="checkbox"
                  checked={searchAsMoved}
                  onChange={(event) => {
                    onSearchAsMoved(event.target.checked);
                    // Ticked after a move: the view the visitor already chose is searched at once.
                    if (event.target.checked && moved) searchArea(true);
                  }}
                />
                Search as I move the map
              </label>
            )}
            {moved && !searchAsMoved && (
              <button type="button" className="search-area" onClick={() => searchArea()}>
                Search this area
              </button>
            )}
          </div>
        )}
      </div>
      {failed && <p className="muted">The map could not be loaded.</p>}
      {!failed && count < hits.length && (
        <p className="muted small">
          {count === 0 ? 'None of these businesses has a location.' : `${hits.length - count} without a location.`}
        </p>
      )}
    </div>
  );
}
