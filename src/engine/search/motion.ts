/**
 * How fast each body can move and change speed: the bounds that let the crossing solver prove an interval has
 * no crossing, or no station, without sampling it finely.
 *
 * Measured over the whole ephemeris range 1800–2400 (speed from SEFLG_SPEED, acceleration as finite differences
 * of it at 0.05 d for the true node, 0.1 d for the Moon, 0.25–2 d for the planets), then widened by half again.
 * `motion.spec.ts` re-checks them on random instants. `step` is the first sampling step (days): it only sets the
 * speed, never the correctness (intervals are split until proven).
 */
import { SE_BODY } from '../ephemeris';
import type { NodeType, Planet } from '../types';

export interface BodyMotion {
  seBody: number;
  /** Upper bound of |longitude speed|, degrees/day (measured maximum × 1.5 at least). */
  maxSpeed: number;
  /** Upper bound of |d speed / dt|, degrees/day² (measured maximum × 1.5). */
  maxAccel: number;
  /** First sampling step, days. */
  step: number;
}

/** Bodies with their own motion; Earth and South Node are Sun and North Node + 180°. */
export type MovingBody = 'sun' | 'moon' | 'northNode' | 'mercury' | 'venus' | 'mars' | 'jupiter' | 'saturn' | 'uranus' | 'neptune' | 'pluto' | 'chiron';

/** The bodies that are another's longitude + 180° (a whole number of gates and lines away, so they change with it). */
export const MIRRORED: Partial<Record<MovingBody, Planet>> = { sun: 'earth', northNode: 'southNode' };

//                            measured: max |speed|   max |accel|
const TABLE: Record<Exclude<MovingBody, 'northNode'>, BodyMotion> = {
  sun: { seBody: SE_BODY.sun, maxSpeed: 1.6, maxAccel: 0.001, step: 4 }, //        1.019   0.00067
  moon: { seBody: SE_BODY.moon, maxSpeed: 23, maxAccel: 0.8, step: 1 }, //        15.40   0.515
  mercury: { seBody: SE_BODY.mercury, maxSpeed: 3.4, maxAccel: 0.3, step: 2 }, //   2.203   0.199
  venus: { seBody: SE_BODY.venus, maxSpeed: 1.9, maxAccel: 0.065, step: 4 }, //     1.259   0.0424
  mars: { seBody: SE_BODY.mars, maxSpeed: 1.2, maxAccel: 0.027, step: 4 }, //       0.792   0.0175
  jupiter: { seBody: SE_BODY.jupiter, maxSpeed: 0.37, maxAccel: 0.0085, step: 8 }, // 0.243 0.0056
  saturn: { seBody: SE_BODY.saturn, maxSpeed: 0.2, maxAccel: 0.02, step: 8 }, //    0.131   0.0128
  uranus: { seBody: SE_BODY.uranus, maxSpeed: 0.1, maxAccel: 0.01, step: 8 }, //    0.065   0.0065
  neptune: { seBody: SE_BODY.neptune, maxSpeed: 0.062, maxAccel: 0.01, step: 8 }, // 0.041  0.0063
  pluto: { seBody: SE_BODY.pluto, maxSpeed: 0.061, maxAccel: 0.0025, step: 8 }, //  0.0405  0.00147
  chiron: { seBody: SE_BODY.chiron, maxSpeed: 0.23, maxAccel: 0.0031, step: 8 }, // 0.147   0.00204
};

/** The osculating (true) node wobbles: speed ±0.26°/day, direction changes as little as 30 minutes apart. */
const TRUE_NODE: BodyMotion = { seBody: SE_BODY.trueNode, maxSpeed: 0.39, maxAccel: 8, step: 2 }; // 0.258 5.29
/** The mean node moves back steadily at 0.053°/day. */
const MEAN_NODE: BodyMotion = { seBody: SE_BODY.meanNode, maxSpeed: 0.08, maxAccel: 0.001, step: 4 };

export function motionOf(body: MovingBody, nodeType: NodeType): BodyMotion {
  if (body === 'northNode') return nodeType === 'mean' ? MEAN_NODE : TRUE_NODE;
  return TABLE[body];
}
