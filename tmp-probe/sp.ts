import swe = require('swisseph');
import { EPHEMERIS_PATH, EPHEMERIS_MIN_JD, EPHEMERIS_MAX_JD } from '../src/engine/ephemeris';
swe.swe_set_ephe_path(EPHEMERIS_PATH);
const bodies: [string, number, number][] = [['mercury',2,0.25],['venus',3,0.5],['mars',4,0.5],['jupiter',5,1],['saturn',6,1],['uranus',7,1],['neptune',8,1],['pluto',9,1],['trueNode',11,1/48],['meanNode',10,1],['chiron',15,1],['moon',1,0.25]];
for (const [name, id, step] of bodies) {
  let prevSign = 0, lastStation = NaN, minGap = Infinity, n = 0, maxSpeed = 0, minSpeed=Infinity;
  const t0 = Date.now();
  const end = name === 'trueNode' ? EPHEMERIS_MIN_JD + 365*100 : EPHEMERIS_MAX_JD;
  for (let jd = EPHEMERIS_MIN_JD; jd < end; jd += step) {
    const r = swe.swe_calc_ut(jd, id, 2 | 256) as any;
    const s = Math.sign(r.longitudeSpeed);
    maxSpeed = Math.max(maxSpeed, Math.abs(r.longitudeSpeed)); minSpeed = Math.min(minSpeed, r.longitudeSpeed);
    if (prevSign && s !== prevSign) { if (!isNaN(lastStation)) minGap = Math.min(minGap, jd - lastStation); lastStation = jd; n++; }
    prevSign = s;
  }
  console.log(name, 'stations', n, 'minGapDays', minGap.toFixed(3), 'maxAbsSpeed', maxSpeed.toFixed(4), 'minSpeed', minSpeed.toFixed(4), (Date.now()-t0)+'ms');
}
