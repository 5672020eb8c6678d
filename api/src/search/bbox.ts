import type { GeoBounds } from '@directory/search';

const BBOX_RULE = 'bbox must be four numbers south,west,north,east';

/**
 * The `bbox` parameter ("south,west,north,east", the map's view in degrees) as a box, or the sentence naming what
 * is wrong with it. West greater than east is a box across the antimeridian.
 */
export function parseBbox(bbox: string): GeoBounds | string {
  const parts = bbox.split(',');
  const numbers = parts.map((part) => (/^\s*-?\d+(\.\d+)?\s*$/.test(part) ? Number(part) : NaN));
  if (parts.length !== 4 || numbers.some((n) => !Number.isFinite(n))) return `${BBOX_RULE}, e.g. 47.36,8.52,47.39,8.56`;
  const [south, west, north, east] = numbers;
  if (Math.abs(south) > 90 || Math.abs(north) > 90) return 'bbox latitudes (south, north) must be from -90 to 90';
  if (Math.abs(west) > 180 || Math.abs(east) > 180) return 'bbox longitudes (west, east) must be from -180 to 180';
  if (south >= north) return 'bbox south must be less than north';
  return { south, west, north, east };
}
