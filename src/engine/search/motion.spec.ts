/** The motion bounds the crossing solver relies on, re-measured on random instants over the whole range. */
import { EPHEMERIS_MAX_JD, EPHEMERIS_MIN_JD, longitudeAndSpeed } from '../ephemeris';
import { motionOf, MovingBody } from './motion';

const BODIES: MovingBody[] = ['sun', 'moon', 'northNode', 'mercury', 'venus', 'mars', 'jupiter', 'saturn', 'uranus', 'neptune', 'pluto', 'chiron'];

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('motion bounds', () => {
  const cases: [MovingBody, 'true' | 'mean'][] = BODIES.map((b) => [b, 'true']);
  cases.push(['northNode', 'mean']);
  it.each(cases)('%s (%s node): speed and acceleration stay within the bounds on 3,000 random instants', (body, nodeType) => {
    const motion = motionOf(body, nodeType);
    const next = random(42);
    const a = new Float64Array(2);
    const b = new Float64Array(2);
    const dt = body === 'northNode' || body === 'moon' ? 0.01 : 0.1;
    let maxSpeed = 0;
    let maxAccel = 0;
    for (let i = 0; i < 3000; i++) {
      const jd = EPHEMERIS_MIN_JD + next() * (EPHEMERIS_MAX_JD - EPHEMERIS_MIN_JD - 1);
      longitudeAndSpeed(jd, motion.seBody, a);
      longitudeAndSpeed(jd + dt, motion.seBody, b);
      maxSpeed = Math.max(maxSpeed, Math.abs(a[1]));
      maxAccel = Math.max(maxAccel, Math.abs(b[1] - a[1]) / dt);
    }
    expect(maxSpeed).toBeLessThan(motion.maxSpeed);
    expect(maxAccel).toBeLessThan(motion.maxAccel);
    // The margin is real, not a bound picked far above anything seen.
    expect(maxSpeed).toBeGreaterThan(motion.maxSpeed / 3);
  });
});
