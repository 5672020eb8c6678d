export interface ScreenPoint {
  x: number;
  y: number;
}

/**
 * Groups items whose screen positions lie within `radius` pixels of a group's centre (the running mean of
 * its members), greedily in the given order. Meant for one page of results (at most 100 markers), where
 * the quadratic cost is nothing; re-run it when the zoom changes.
 */
export function groupNearby<T>(items: readonly T[], position: (item: T) => ScreenPoint, radius: number): T[][] {
  const groups: { members: T[]; x: number; y: number }[] = [];
  const limit = radius * radius;
  for (const item of items) {
    const p = position(item);
    const near = groups.find((g) => (g.x - p.x) ** 2 + (g.y - p.y) ** 2 <= limit);
    if (near) {
      const n = near.members.push(item);
      near.x += (p.x - near.x) / n;
      near.y += (p.y - near.y) / n;
    } else {
      groups.push({ members: [item], x: p.x, y: p.y });
    }
  }
  return groups.map((g) => g.members);
}
