import swe = require('swisseph');
import { EPHEMERIS_PATH } from '../src/engine/ephemeris';
swe.swe_set_ephe_path(EPHEMERIS_PATH);
const jd0 = 2460000.5;
for (const [name, id] of [['moon',1],['sun',0],['mercury',2],['pluto',9],['trueNode',11]] as [string,number][]) {
  for (const flags of [2, 2|256]) {
    for (const step of [0.5, 0.001]) {
      const n = 100000; const t0 = process.hrtime.bigint();
      for (let i = 0; i < n; i++) swe.swe_calc_ut(jd0 + i*step, id, flags);
      const us = Number(process.hrtime.bigint() - t0) / 1000 / n;
      console.log(name, flags, step, us.toFixed(2)+'us');
    }
  }
}
