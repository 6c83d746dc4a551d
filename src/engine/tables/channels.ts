/**
 * The 36 channels (RULES 4): gates, name, keynote, circuit group and circuit (Jovian naming as carried by DT,
 * with Integration = 10-20, 10-57, 20-34, 34-57). Data only, generated from the RULES.md table.
 */
export interface ChannelDef {
  gate1: number;
  gate2: number;
  name: string;
  keynote: string;
  circuitGroup: 'Individual' | 'Collective' | 'Tribal' | 'Integration';
  circuit: 'Knowing' | 'Centering' | 'Integration' | 'Logic' | 'Abstract' | 'Ego' | 'Defense';
}

export const CHANNELS: readonly ChannelDef[] = [
  { gate1: 1, gate2: 8, name: 'Inspiration', keynote: 'A Design of a Creative Role Model', circuitGroup: 'Individual', circuit: 'Knowing' },
  { gate1: 2, gate2: 14, name: 'The Beat', keynote: 'A Design of Being the Keeper of Keys', circuitGroup: 'Individual', circuit: 'Knowing' },
  { gate1: 3, gate2: 60, name: 'Mutation', keynote: 'Energy which fluctuates and initiates (pulse)', circuitGroup: 'Individual', circuit: 'Knowing' },
  { gate1: 4, gate2: 63, name: 'Logic', keynote: 'A Design of Mental Ease mixed with Doubt', circuitGroup: 'Collective', circuit: 'Logic' },
  { gate1: 5, gate2: 15, name: 'Rhythm', keynote: 'A Design of Being in the Flow', circuitGroup: 'Collective', circuit: 'Logic' },
  { gate1: 6, gate2: 59, name: 'Mating', keynote: 'A Design Focused on Reproduction', circuitGroup: 'Tribal', circuit: 'Defense' },
  { gate1: 7, gate2: 31, name: 'The Alpha', keynote: 'A Design of Leadership for "Good" or "Bad"', circuitGroup: 'Collective', circuit: 'Logic' },
  { gate1: 9, gate2: 52, name: 'Concentration', keynote: 'A Design of Determination', circuitGroup: 'Collective', circuit: 'Logic' },
  { gate1: 10, gate2: 20, name: 'Awakening', keynote: 'A Design of Commitment to Higher Principles', circuitGroup: 'Integration', circuit: 'Integration' },
  { gate1: 10, gate2: 34, name: 'Exploration', keynote: "A Design of Following One's Convictions", circuitGroup: 'Individual', circuit: 'Centering' },
  { gate1: 10, gate2: 57, name: 'Perfected Form', keynote: 'A Design of Survival', circuitGroup: 'Integration', circuit: 'Integration' },
  { gate1: 11, gate2: 56, name: 'Curiosity', keynote: 'A Design of a Searcher', circuitGroup: 'Collective', circuit: 'Abstract' },
  { gate1: 12, gate2: 22, name: 'Openness', keynote: 'A Design of a Social Being', circuitGroup: 'Individual', circuit: 'Knowing' },
  { gate1: 13, gate2: 33, name: 'The Prodigal', keynote: 'A Design of a Witness', circuitGroup: 'Collective', circuit: 'Abstract' },
  { gate1: 16, gate2: 48, name: 'The Wavelength', keynote: 'A Design of Talent', circuitGroup: 'Collective', circuit: 'Logic' },
  { gate1: 17, gate2: 62, name: 'Acceptance', keynote: 'A Design of an Organizational Being', circuitGroup: 'Collective', circuit: 'Logic' },
  { gate1: 18, gate2: 58, name: 'Judgment', keynote: 'A Design of Insatiability', circuitGroup: 'Collective', circuit: 'Logic' },
  { gate1: 19, gate2: 49, name: 'Synthesis', keynote: 'A Design of Being Sensitive', circuitGroup: 'Tribal', circuit: 'Ego' },
  { gate1: 20, gate2: 34, name: 'Charisma', keynote: 'A Design where Thoughts must become Deeds', circuitGroup: 'Integration', circuit: 'Integration' },
  { gate1: 20, gate2: 57, name: 'The Brainwave', keynote: 'A Design of Penetrating Awareness', circuitGroup: 'Individual', circuit: 'Knowing' },
  { gate1: 21, gate2: 45, name: 'Money', keynote: 'A Design of a Materialist', circuitGroup: 'Tribal', circuit: 'Ego' },
  { gate1: 23, gate2: 43, name: 'Structuring', keynote: 'A Design of Individuality (Genius to Freak)', circuitGroup: 'Individual', circuit: 'Knowing' },
  { gate1: 24, gate2: 61, name: 'Awareness', keynote: 'A Design of a Thinker', circuitGroup: 'Individual', circuit: 'Knowing' },
  { gate1: 25, gate2: 51, name: 'Initiation', keynote: 'A Design of Needing to be First', circuitGroup: 'Individual', circuit: 'Centering' },
  { gate1: 26, gate2: 44, name: 'Surrender', keynote: 'A Design of a Transmitter', circuitGroup: 'Tribal', circuit: 'Ego' },
  { gate1: 27, gate2: 50, name: 'Preservation', keynote: 'A Design of Custodianship', circuitGroup: 'Tribal', circuit: 'Defense' },
  { gate1: 28, gate2: 38, name: 'Struggle', keynote: 'A Design of Stubbornness', circuitGroup: 'Individual', circuit: 'Knowing' },
  { gate1: 29, gate2: 46, name: 'Discovery', keynote: 'A Design of Succeeding where Others Fail', circuitGroup: 'Collective', circuit: 'Abstract' },
  { gate1: 30, gate2: 41, name: 'Recognition', keynote: 'A Design of Focused Energy', circuitGroup: 'Collective', circuit: 'Abstract' },
  { gate1: 32, gate2: 54, name: 'Transformation', keynote: 'A Design of Being Driven', circuitGroup: 'Tribal', circuit: 'Ego' },
  { gate1: 34, gate2: 57, name: 'Power', keynote: 'A Design of an Archetype', circuitGroup: 'Integration', circuit: 'Integration' },
  { gate1: 35, gate2: 36, name: 'Transitoriness', keynote: 'A Design of a "Jack of All Trades"', circuitGroup: 'Collective', circuit: 'Abstract' },
  { gate1: 37, gate2: 40, name: 'Community', keynote: 'A Design of a Part Seeking a Whole', circuitGroup: 'Tribal', circuit: 'Ego' },
  { gate1: 39, gate2: 55, name: 'Emoting', keynote: 'A Design of Moodiness', circuitGroup: 'Individual', circuit: 'Knowing' },
  { gate1: 42, gate2: 53, name: 'Maturation', keynote: 'A Design of Balanced Development (cyclic)', circuitGroup: 'Collective', circuit: 'Abstract' },
  { gate1: 47, gate2: 64, name: 'Abstraction', keynote: 'A Design of Mental Activity and Clarity', circuitGroup: 'Collective', circuit: 'Abstract' },
];
