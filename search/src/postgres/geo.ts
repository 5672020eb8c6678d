import { EARTH_RADIUS_KM } from '../text.js';

/** The great-circle distance (km) from the point whose parameter references are `lat`, `lng` to a document `d`. */
export function distanceSql(lat: string, lng: string): string {
  return `(${2 * EARTH_RADIUS_KM} * asin(least(1, sqrt(
    power(sin(radians(d.latitude - ${lat}) / 2), 2) +
    cos(radians(${lat})) * cos(radians(d.latitude)) * power(sin(radians(d.longitude - ${lng}) / 2), 2)))))`;
}

/**
 * Longitude/latitude boxes [west, south, east, north] covering the circle: one, or two when it crosses the
 * antimeridian. The GiST index on point(longitude, latitude) finds what they hold; distanceSql then decides.
 */
export function boundingBoxes(lat: number, lng: number, radiusKm: number): [number, number, number, number][] {
  const dLat = (radiusKm / EARTH_RADIUS_KM) * (180 / Math.PI);
  const south = Math.max(-90, lat - dLat);
  const north = Math.min(90, lat + dLat);
  // Widest longitude span of a spherical cap (Matuschek); a cap reaching a pole spans every longitude.
  const ratio = Math.sin(radiusKm / EARTH_RADIUS_KM) / Math.cos((lat * Math.PI) / 180);
  const dLng = ratio >= 1 ? 180 : Math.asin(ratio) * (180 / Math.PI);
  if (north >= 90 || south <= -90 || dLng >= 180) return [[-180, south, 180, north]];
  const west = lng - dLng;
  const east = lng + dLng;
  if (west < -180)
    return [
      [west + 360, south, 180, north],
      [-180, south, east, north],
    ];
  if (east > 180)
    return [
      [west, south, 180, north],
      [-180, south, east - 360, north],
    ];
  return [[west, south, east, north]];
}

/**
 * The count of the nearest matches read (`counted`, the farthest of them `farthestKm` away), scaled to the whole
 * radius. Around a city centre the count within r grows about as r^1.5, not r² (bench/engine-notes.md "Geo").
 * Undefined when all lie at the centre: they tell no density.
 */
export function scaledToRadius(counted: number, farthestKm: number, radiusKm: number): number | undefined {
  return farthestKm > 0 ? Math.max(counted, Math.round(counted * (radiusKm / farthestKm) ** 1.5)) : undefined;
}
