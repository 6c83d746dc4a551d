/**
 * Penta (group of 3–5 people) analysis, rules in docs/penta.md: the group field is the union of the members'
 * activations, read only on the Penta's 12 gates / 6 channels between Throat, G and Sacral. For each gate: who
 * supplies it (and from which side); for each channel: present or a gap, and whether one member brings it whole or
 * it only exists across members; plus gaps, overlaps and a per-member summary.
 *
 * Gate membership, centers and channel names come from tables/wheel.ts and tables/channels.ts; this file only knows
 * which six channels form the Penta and the order in which they are drawn.
 */
import { CenterName, Chart, EngineInputError, PLANETS } from '../types';
import { CHANNELS } from '../tables/channels';
import { GATE_CENTER } from '../tables/wheel';

export const PENTA_MIN_MEMBERS = 3;
export const PENTA_MAX_MEMBERS = 5;

/** Upper Penta = the three Throat–G channels, lower Penta = the three G–Sacral channels. */
export type PentaPart = 'upper' | 'lower';
export type PentaSide = 'personality' | 'design';
/** 'single-member': at least one member has both gates alone; 'across-members': only the combination has both. */
export type PentaChannelFormation = 'single-member' | 'across-members';

/**
 * The six Penta channels in drawing order: upper Penta left to right (31-7, 8-1, 33-13), then lower Penta left to
 * right (15-5, 2-14, 46-29). Written lower gate first, as everywhere else in the engine ("7-31").
 */
const PENTA_CHANNEL_GATES: readonly (readonly [number, number])[] = [
  [7, 31],
  [1, 8],
  [13, 33],
  [5, 15],
  [2, 14],
  [29, 46],
];

/** The 12 Penta gates in drawing order, row by row: Throat 31 8 33 · G 7 1 13 · G 15 2 46 · Sacral 5 14 29. */
export const PENTA_GATES: readonly number[] = [31, 8, 33, 7, 1, 13, 15, 2, 46, 5, 14, 29];

export interface PentaChannelDef {
  gate1: number;
  gate2: number;
  key: string; // "7-31"
  name: string; // channel name from tables/channels.ts ("The Alpha")
  part: PentaPart;
  centers: [CenterName, CenterName]; // centers of gate1 and gate2
}

/** The six Penta channels with their names and centers from the project tables (drawing order). */
export const PENTA_CHANNELS: readonly PentaChannelDef[] = PENTA_CHANNEL_GATES.map(([g1, g2]) => {
  const def = CHANNELS.find((c) => c.gate1 === g1 && c.gate2 === g2);
  if (!def) throw new Error(`penta: channel ${g1}-${g2} missing from tables/channels`);
  const centers: [CenterName, CenterName] = [GATE_CENTER[g1], GATE_CENTER[g2]];
  // Guards the hand-written list against the tables: every Penta channel joins the G to the Throat or the Sacral.
  const other = centers[0] === 'G' ? centers[1] : centers[1] === 'G' ? centers[0] : null;
  if (other !== 'Throat' && other !== 'Sacral') throw new Error(`penta: ${g1}-${g2} does not join G to Throat/Sacral`);
  return Object.freeze({ gate1: g1, gate2: g2, key: `${g1}-${g2}`, name: def.name, part: other === 'Throat' ? 'upper' : 'lower', centers });
});

/** One member's share in a gate: the member index and which sides (personality first) activate it. */
export interface PentaSupplier {
  member: number;
  sides: PentaSide[];
}

export interface PentaGate {
  gate: number;
  center: CenterName; // 'Throat' | 'G' | 'Sacral'
  part: PentaPart;
  /** Channel of the Penta this gate belongs to ("7-31"). */
  channel: string;
  present: boolean;
  /** 0-based indices of the members activating the gate, ascending. */
  members: number[];
  /** Same members, with the sides that activate the gate. */
  suppliers: PentaSupplier[];
}

export interface PentaChannel {
  gate1: number;
  gate2: number;
  key: string;
  name: string;
  part: PentaPart;
  present: boolean;
  /** null when the channel is a gap. */
  formedBy: PentaChannelFormation | null;
  /** Members activating either gate of the channel, ascending. */
  members: number[];
  /** Members who have both gates alone (the channel is whole in their own chart), ascending. */
  wholeBy: number[];
}

export interface PentaMemberSummary {
  index: number;
  /** Penta gates this member activates (drawing order). */
  pentaGates: number[];
  /** Penta channels whole in this member's own chart (drawing order, "7-31"). */
  pentaChannels: string[];
  /** Penta gates no other member supplies: the group loses them without this member (drawing order). */
  soleGates: number[];
}

/**
 * Result of {@link computePenta}. Plain JSON data; every list of gates or channels is in drawing order
 * ({@link PENTA_GATES}, {@link PENTA_CHANNELS}) and every list of members is ascending.
 *
 * - `gates`: the 12 Penta gates, present when at least one member activates them (personality or design).
 * - `channels`: the 6 Penta channels, present when both gates are present in the group.
 * - `gaps`: gates nobody supplies and channels not present ("7-31").
 * - `overlaps`: present gates supplied by two or more members.
 * - `members`: one summary per input member, in input order.
 * - `counts`: number of present gates (0–12) and channels (0–6).
 */
export interface PentaAnalysis {
  memberCount: number;
  gates: PentaGate[];
  channels: PentaChannel[];
  gaps: { gates: number[]; channels: string[] };
  overlaps: { gate: number; members: number[] }[];
  members: PentaMemberSummary[];
  counts: { presentGates: number; presentChannels: number };
}

export type PentaMember = Pick<Chart, 'personality' | 'design'>;

const SIDE_PERSONALITY = 1;
const SIDE_DESIGN = 2;

/** gate → Penta channel key, for the gate entries. */
const CHANNEL_OF_GATE: ReadonlyMap<number, PentaChannelDef> = new Map(
  PENTA_CHANNELS.flatMap(
    (c) =>
      [
        [c.gate1, c],
        [c.gate2, c],
      ] as [number, PentaChannelDef][],
  ),
);

/** One member's sides per gate: bit 1 personality, bit 2 design, indexed by gate number (0 = not activated). */
function sidesByGate(member: PentaMember, index: number): Uint8Array {
  const sides = new Uint8Array(65);
  for (const [side, bit] of [
    ['personality', SIDE_PERSONALITY],
    ['design', SIDE_DESIGN],
  ] as const) {
    const activations = member?.[side];
    if (!activations) throw new EngineInputError('PENTA_MEMBER_INVALID', `member ${index} has no ${side} activations`, { member: index });
    for (const planet of PLANETS) {
      const gate = activations[planet]?.gate;
      if (!Number.isInteger(gate) || gate < 1 || gate > 64) {
        throw new EngineInputError('PENTA_MEMBER_INVALID', `member ${index}: ${side} ${planet} has no valid gate`, { member: index, side, planet });
      }
      sides[gate] |= bit;
    }
  }
  return sides;
}

function sideNames(bits: number): PentaSide[] {
  const out: PentaSide[] = [];
  if (bits & SIDE_PERSONALITY) out.push('personality');
  if (bits & SIDE_DESIGN) out.push('design');
  return out;
}

function gateEntry(gate: number, perMember: readonly Uint8Array[]): PentaGate {
  const suppliers: PentaSupplier[] = [];
  perMember.forEach((sides, member) => {
    if (sides[gate]) suppliers.push({ member, sides: sideNames(sides[gate]) });
  });
  const ch = CHANNEL_OF_GATE.get(gate)!;
  return {
    gate,
    center: GATE_CENTER[gate],
    part: ch.part,
    channel: ch.key,
    present: suppliers.length > 0,
    members: suppliers.map((s) => s.member),
    suppliers,
  };
}

function channelEntry(def: PentaChannelDef, byGate: ReadonlyMap<number, PentaGate>, perMember: readonly Uint8Array[]): PentaChannel {
  const a = byGate.get(def.gate1)!;
  const b = byGate.get(def.gate2)!;
  const present = a.present && b.present;
  const wholeBy = perMember.flatMap((sides, m) => (sides[def.gate1] && sides[def.gate2] ? [m] : []));
  const members = [...new Set([...a.members, ...b.members])].sort((x, y) => x - y);
  // A member with the whole channel makes it "single-member" even when others add gates; the channel exists without them.
  const formedBy: PentaChannelFormation | null = !present ? null : wholeBy.length > 0 ? 'single-member' : 'across-members';
  return { gate1: def.gate1, gate2: def.gate2, key: def.key, name: def.name, part: def.part, present, formedBy, members, wholeBy };
}

function memberSummary(index: number, gates: readonly PentaGate[], channels: readonly PentaChannel[]): PentaMemberSummary {
  const mine = gates.filter((g) => g.members.includes(index));
  return {
    index,
    pentaGates: mine.map((g) => g.gate),
    pentaChannels: channels.filter((c) => c.wholeBy.includes(index)).map((c) => c.key),
    soleGates: mine.filter((g) => g.members.length === 1).map((g) => g.gate),
  };
}

/** Penta analysis of 3–5 members (docs/penta.md). Member indices in the result are positions in `members`. */
export function computePenta(members: readonly PentaMember[]): PentaAnalysis {
  const n = Array.isArray(members) ? members.length : 0;
  if (n < PENTA_MIN_MEMBERS || n > PENTA_MAX_MEMBERS) {
    throw new EngineInputError('PENTA_SIZE', `A Penta has ${PENTA_MIN_MEMBERS} to ${PENTA_MAX_MEMBERS} members; got ${n}.`, {
      members: n,
      min: PENTA_MIN_MEMBERS,
      max: PENTA_MAX_MEMBERS,
    });
  }
  const perMember = members.map(sidesByGate);

  const gates = PENTA_GATES.map((g) => gateEntry(g, perMember));
  const byGate = new Map(gates.map((g) => [g.gate, g]));
  const channels = PENTA_CHANNELS.map((c) => channelEntry(c, byGate, perMember));

  return {
    memberCount: n,
    gates,
    channels,
    gaps: {
      gates: gates.filter((g) => !g.present).map((g) => g.gate),
      channels: channels.filter((c) => !c.present).map((c) => c.key),
    },
    overlaps: gates.filter((g) => g.members.length >= 2).map((g) => ({ gate: g.gate, members: [...g.members] })),
    members: perMember.map((_, i) => memberSummary(i, gates, channels)),
    counts: {
      presentGates: gates.filter((g) => g.present).length,
      presentChannels: channels.filter((c) => c.present).length,
    },
  };
}
