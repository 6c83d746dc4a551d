/**
 * Names of the six colors for each of the four variables (RULES 10.2). Index = color − 1.
 * Determination and Environment have a left/right variant; Motivation and Perspective have a
 * transference/distraction, which is the color three away.
 */
export interface ColorName {
  name: string;
  left?: string;
  right?: string;
}

export const DETERMINATION_COLORS: readonly ColorName[] = [
  { name: 'Appetite', left: 'Consecutive', right: 'Alternating' },
  { name: 'Taste', left: 'Open', right: 'Closed' },
  { name: 'Thirst', left: 'Hot', right: 'Cold' },
  { name: 'Touch', left: 'Calm', right: 'Nervous' },
  { name: 'Sound', left: 'High', right: 'Low' },
  { name: 'Light', left: 'Direct', right: 'Indirect' },
];

export const ENVIRONMENT_COLORS: readonly ColorName[] = [
  { name: 'Caves', left: 'Selective', right: 'Blending' },
  { name: 'Markets', left: 'Internal', right: 'External' },
  { name: 'Kitchens', left: 'Wet', right: 'Dry' },
  { name: 'Mountains', left: 'Active', right: 'Passive' },
  { name: 'Valleys', left: 'Narrow', right: 'Wide' },
  { name: 'Shores', left: 'Natural', right: 'Artificial' },
];

export const MOTIVATION_COLORS: readonly ColorName[] = [
  { name: 'Fear' },
  { name: 'Hope' },
  { name: 'Desire' },
  { name: 'Need' },
  { name: 'Guilt' },
  { name: 'Innocence' },
];

export const PERSPECTIVE_COLORS: readonly ColorName[] = [
  { name: 'Survival' },
  { name: 'Possibility' },
  { name: 'Power' },
  { name: 'Wanting' },
  { name: 'Probability' },
  { name: 'Personal' },
];
