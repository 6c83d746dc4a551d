/**
 * The two operations on ecliptic longitudes that the engine needs, in one place: a longitude brought into [0, 360),
 * and the signed difference between two longitudes the short way round the circle. The wheel (natal/mandala.ts),
 * the design-moment solver (natal/design.ts) and the crossing solver (search/crossings.ts) all use these.
 */

/** Normalises any finite longitude to [0, 360). */
export function normalizeLongitude(lon: number): number {
  let x = lon % 360;
  if (x < 0) x += 360;
  return x >= 360 ? 0 : x; // (-tiny % 360) + 360 can round to 360
}

/** Signed angular difference a − b in (−180, 180]. */
export function angleDiff(a: number, b: number): number {
  let d = (a - b) % 360;
  if (d > 180) d -= 360;
  else if (d <= -180) d += 360;
  return d;
}
