/**
 * Strategy, signature, not-self theme and aura per type (RULES 5.2). For the Manifesting Generator the rules pick
 * "Satisfaction" and "Frustration and Anger" (DT, NE, HK agree on the meaning; wording per HK).
 */
import type { HdType } from '../types';

export interface TypeDetails {
  strategy: string;
  signature: string;
  notSelfTheme: string;
  aura: string;
}

export const TYPE_DETAILS: Readonly<Record<HdType, TypeDetails>> = {
  Manifestor: { strategy: 'To Inform', signature: 'Peace', notSelfTheme: 'Anger', aura: 'Closed and repelling' },
  Generator: { strategy: 'To Respond', signature: 'Satisfaction', notSelfTheme: 'Frustration', aura: 'Open and enveloping' },
  'Manifesting Generator': {
    strategy: 'To Respond',
    signature: 'Satisfaction',
    notSelfTheme: 'Frustration and Anger',
    aura: 'Open and enveloping',
  },
  Projector: { strategy: 'Wait for the Invitation', signature: 'Success', notSelfTheme: 'Bitterness', aura: 'Focused and absorbing' },
  Reflector: { strategy: 'Wait a Lunar Cycle', signature: 'Surprise', notSelfTheme: 'Disappointment', aura: 'Sampling and resistant' },
};
