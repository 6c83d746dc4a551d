import swe = require('swisseph');
import { EPHEMERIS_PATH, EPHEMERIS_MIN_JD, EPHEMERIS_MAX_JD } from '../src/engine/ephemeris';
swe.swe_set_ephe_path(EPHEMERIS_PATH);
const bodies: [string, number, number][] = [['sun',0,1],['moon',1,0.1],['mercury',2,0.25],['venus',3,0.5],['mars',4,0.5],['jupiter',5,2],['saturn',6,2],['uranus',7,2],['neptune',8,2],['pluto',9,2],['trueNode',11,0.05],['chiron',15,2]];
for (const [name, id, step] of bodies) {
  let prev = NaN, maxA = 0;
  const span = name==='trueNode'||name==='moon' ? 365*60 : EPHEMERIS_MAX_JD-EPHEMERIS_MIN_JD;
  for (let jd = EPHEMERIS_MIN_JD; jd < EPHEMERIS_MIN_JD + span; jd += step) {
    const s = (swe.swe_calc_ut(jd, id, 2 | 256) as any).longitudeSpeed;
    if (!isNaN(prev)) maxA = Math.max(maxA, Math.abs(s - prev) / step);
    prev = s;
  }
  console.log(name, 'maxAccel', maxA.toFixed(5));
}
