/**
 * The 192 incarnation crosses (RULES 9.3), keyed by personality Sun gate, one per geometry, with the canonical
 * quartet pSun/pEarth | dSun/dEarth. Generated from the RULES 9.3 table (normalised spelling: no leading "The",
 * Endeavour / Formulization / Detail; LAX 26 is Confrontation, not DT's "Control").
 * Numbering is part of the name: Right Angle 1..4 = quarter of the personality Sun; Left Angle 1 for
 * Initiation/Civilization, 2 for Duality/Mutation; Juxtaposition has none.
 */
export interface CrossEntry {
  name: string;
  gates: readonly [number, number, number, number];
}

export interface CrossRow {
  rightAngle: CrossEntry;
  juxtaposition: CrossEntry;
  leftAngle: CrossEntry;
}

/** Personality Sun gate → its three crosses. Rows in wheel order from gate 13 (start of the Quarter of Initiation). */
export const CROSSES: Readonly<Record<number, CrossRow>> = {
  13: {
    rightAngle: { name: 'Right Angle Cross of the Sphinx 1', gates: [13, 7, 1, 2] },
    juxtaposition: { name: 'Juxtaposition Cross of Listening', gates: [13, 7, 43, 23] },
    leftAngle: { name: 'Left Angle Cross of Masks 1', gates: [13, 7, 43, 23] },
  },
  49: {
    rightAngle: { name: 'Right Angle Cross of Explanation 1', gates: [49, 4, 43, 23] },
    juxtaposition: { name: 'Juxtaposition Cross of Principles', gates: [49, 4, 14, 8] },
    leftAngle: { name: 'Left Angle Cross of Revolution 1', gates: [49, 4, 14, 8] },
  },
  30: {
    rightAngle: { name: 'Right Angle Cross of Contagion 1', gates: [30, 29, 14, 8] },
    juxtaposition: { name: 'Juxtaposition Cross of Fates', gates: [30, 29, 34, 20] },
    leftAngle: { name: 'Left Angle Cross of Industry 1', gates: [30, 29, 34, 20] },
  },
  55: {
    rightAngle: { name: 'Right Angle Cross of the Sleeping Phoenix 1', gates: [55, 59, 34, 20] },
    juxtaposition: { name: 'Juxtaposition Cross of Moods', gates: [55, 59, 9, 16] },
    leftAngle: { name: 'Left Angle Cross of Spirit 1', gates: [55, 59, 9, 16] },
  },
  37: {
    rightAngle: { name: 'Right Angle Cross of Planning 1', gates: [37, 40, 9, 16] },
    juxtaposition: { name: 'Juxtaposition Cross of Bargains', gates: [37, 40, 5, 35] },
    leftAngle: { name: 'Left Angle Cross of Migration 1', gates: [37, 40, 5, 35] },
  },
  63: {
    rightAngle: { name: 'Right Angle Cross of Consciousness 1', gates: [63, 64, 5, 35] },
    juxtaposition: { name: 'Juxtaposition Cross of Doubts', gates: [63, 64, 26, 45] },
    leftAngle: { name: 'Left Angle Cross of Dominion 1', gates: [63, 64, 26, 45] },
  },
  22: {
    rightAngle: { name: 'Right Angle Cross of Rulership 1', gates: [22, 47, 26, 45] },
    juxtaposition: { name: 'Juxtaposition Cross of Grace', gates: [22, 47, 11, 12] },
    leftAngle: { name: 'Left Angle Cross of Informing 1', gates: [22, 47, 11, 12] },
  },
  36: {
    rightAngle: { name: 'Right Angle Cross of Eden 1', gates: [36, 6, 11, 12] },
    juxtaposition: { name: 'Juxtaposition Cross of Crisis', gates: [36, 6, 10, 15] },
    leftAngle: { name: 'Left Angle Cross of the Plane 1', gates: [36, 6, 10, 15] },
  },
  25: {
    rightAngle: { name: 'Right Angle Cross of the Vessel of Love 1', gates: [25, 46, 10, 15] },
    juxtaposition: { name: 'Juxtaposition Cross of Innocence', gates: [25, 46, 58, 52] },
    leftAngle: { name: 'Left Angle Cross of Healing 1', gates: [25, 46, 58, 52] },
  },
  17: {
    rightAngle: { name: 'Right Angle Cross of Service 1', gates: [17, 18, 58, 52] },
    juxtaposition: { name: 'Juxtaposition Cross of Opinions', gates: [17, 18, 38, 39] },
    leftAngle: { name: 'Left Angle Cross of Upheaval 1', gates: [17, 18, 38, 39] },
  },
  21: {
    rightAngle: { name: 'Right Angle Cross of Tension 1', gates: [21, 48, 38, 39] },
    juxtaposition: { name: 'Juxtaposition Cross of Control', gates: [21, 48, 54, 53] },
    leftAngle: { name: 'Left Angle Cross of Endeavour 1', gates: [21, 48, 54, 53] },
  },
  51: {
    rightAngle: { name: 'Right Angle Cross of Penetration 1', gates: [51, 57, 54, 53] },
    juxtaposition: { name: 'Juxtaposition Cross of Shock', gates: [51, 57, 61, 62] },
    leftAngle: { name: 'Left Angle Cross of the Clarion 1', gates: [51, 57, 61, 62] },
  },
  42: {
    rightAngle: { name: 'Right Angle Cross of Maya 1', gates: [42, 32, 61, 62] },
    juxtaposition: { name: 'Juxtaposition Cross of Completion', gates: [42, 32, 60, 56] },
    leftAngle: { name: 'Left Angle Cross of Limitation 1', gates: [42, 32, 60, 56] },
  },
  3: {
    rightAngle: { name: 'Right Angle Cross of Laws 1', gates: [3, 50, 60, 56] },
    juxtaposition: { name: 'Juxtaposition Cross of Mutation', gates: [3, 50, 41, 31] },
    leftAngle: { name: 'Left Angle Cross of Wishes 1', gates: [3, 50, 41, 31] },
  },
  27: {
    rightAngle: { name: 'Right Angle Cross of the Unexpected 1', gates: [27, 28, 41, 31] },
    juxtaposition: { name: 'Juxtaposition Cross of Caring', gates: [27, 28, 19, 33] },
    leftAngle: { name: 'Left Angle Cross of Alignment 1', gates: [27, 28, 19, 33] },
  },
  24: {
    rightAngle: { name: 'Right Angle Cross of the Four Ways 1', gates: [24, 44, 19, 33] },
    juxtaposition: { name: 'Juxtaposition Cross of Rationalization', gates: [24, 44, 13, 7] },
    leftAngle: { name: 'Left Angle Cross of Incarnation 1', gates: [24, 44, 13, 7] },
  },
  2: {
    rightAngle: { name: 'Right Angle Cross of the Sphinx 2', gates: [2, 1, 13, 7] },
    juxtaposition: { name: 'Juxtaposition Cross of the Driver', gates: [2, 1, 49, 4] },
    leftAngle: { name: 'Left Angle Cross of Defiance 1', gates: [2, 1, 49, 4] },
  },
  23: {
    rightAngle: { name: 'Right Angle Cross of Explanation 2', gates: [23, 43, 49, 4] },
    juxtaposition: { name: 'Juxtaposition Cross of Assimilation', gates: [23, 43, 30, 29] },
    leftAngle: { name: 'Left Angle Cross of Dedication 1', gates: [23, 43, 30, 29] },
  },
  8: {
    rightAngle: { name: 'Right Angle Cross of Contagion 2', gates: [8, 14, 30, 29] },
    juxtaposition: { name: 'Juxtaposition Cross of Contribution', gates: [8, 14, 55, 59] },
    leftAngle: { name: 'Left Angle Cross of Uncertainty 1', gates: [8, 14, 55, 59] },
  },
  20: {
    rightAngle: { name: 'Right Angle Cross of the Sleeping Phoenix 2', gates: [20, 34, 55, 59] },
    juxtaposition: { name: 'Juxtaposition Cross of the Now', gates: [20, 34, 37, 40] },
    leftAngle: { name: 'Left Angle Cross of Duality 1', gates: [20, 34, 37, 40] },
  },
  16: {
    rightAngle: { name: 'Right Angle Cross of Planning 2', gates: [16, 9, 37, 40] },
    juxtaposition: { name: 'Juxtaposition Cross of Experimentation', gates: [16, 9, 63, 64] },
    leftAngle: { name: 'Left Angle Cross of Identification 1', gates: [16, 9, 63, 64] },
  },
  35: {
    rightAngle: { name: 'Right Angle Cross of Consciousness 2', gates: [35, 5, 63, 64] },
    juxtaposition: { name: 'Juxtaposition Cross of Experience', gates: [35, 5, 22, 47] },
    leftAngle: { name: 'Left Angle Cross of Separation 1', gates: [35, 5, 22, 47] },
  },
  45: {
    rightAngle: { name: 'Right Angle Cross of Rulership 2', gates: [45, 26, 22, 47] },
    juxtaposition: { name: 'Juxtaposition Cross of Possession', gates: [45, 26, 36, 6] },
    leftAngle: { name: 'Left Angle Cross of Confrontation 1', gates: [45, 26, 36, 6] },
  },
  12: {
    rightAngle: { name: 'Right Angle Cross of Eden 2', gates: [12, 11, 36, 6] },
    juxtaposition: { name: 'Juxtaposition Cross of Articulation', gates: [12, 11, 25, 46] },
    leftAngle: { name: 'Left Angle Cross of Education 1', gates: [12, 11, 25, 46] },
  },
  15: {
    rightAngle: { name: 'Right Angle Cross of the Vessel of Love 2', gates: [15, 10, 25, 46] },
    juxtaposition: { name: 'Juxtaposition Cross of Extremes', gates: [15, 10, 17, 18] },
    leftAngle: { name: 'Left Angle Cross of Prevention 1', gates: [15, 10, 17, 18] },
  },
  52: {
    rightAngle: { name: 'Right Angle Cross of Service 2', gates: [52, 58, 17, 18] },
    juxtaposition: { name: 'Juxtaposition Cross of Stillness', gates: [52, 58, 21, 48] },
    leftAngle: { name: 'Left Angle Cross of Demands 1', gates: [52, 58, 21, 48] },
  },
  39: {
    rightAngle: { name: 'Right Angle Cross of Tension 2', gates: [39, 38, 21, 48] },
    juxtaposition: { name: 'Juxtaposition Cross of Provocation', gates: [39, 38, 51, 57] },
    leftAngle: { name: 'Left Angle Cross of Individualism 1', gates: [39, 38, 51, 57] },
  },
  53: {
    rightAngle: { name: 'Right Angle Cross of Penetration 2', gates: [53, 54, 51, 57] },
    juxtaposition: { name: 'Juxtaposition Cross of Beginnings', gates: [53, 54, 42, 32] },
    leftAngle: { name: 'Left Angle Cross of Cycles 1', gates: [53, 54, 42, 32] },
  },
  62: {
    rightAngle: { name: 'Right Angle Cross of Maya 2', gates: [62, 61, 42, 32] },
    juxtaposition: { name: 'Juxtaposition Cross of Detail', gates: [62, 61, 3, 50] },
    leftAngle: { name: 'Left Angle Cross of Obscuration 1', gates: [62, 61, 3, 50] },
  },
  56: {
    rightAngle: { name: 'Right Angle Cross of Laws 2', gates: [56, 60, 3, 50] },
    juxtaposition: { name: 'Juxtaposition Cross of Stimulation', gates: [56, 60, 27, 28] },
    leftAngle: { name: 'Left Angle Cross of Distraction 1', gates: [56, 60, 27, 28] },
  },
  31: {
    rightAngle: { name: 'Right Angle Cross of the Unexpected 2', gates: [31, 41, 27, 28] },
    juxtaposition: { name: 'Juxtaposition Cross of Influence', gates: [31, 41, 24, 44] },
    leftAngle: { name: 'Left Angle Cross of the Alpha 1', gates: [31, 41, 24, 44] },
  },
  33: {
    rightAngle: { name: 'Right Angle Cross of the Four Ways 2', gates: [33, 19, 24, 44] },
    juxtaposition: { name: 'Juxtaposition Cross of Retreat', gates: [33, 19, 2, 1] },
    leftAngle: { name: 'Left Angle Cross of Refinement 1', gates: [33, 19, 2, 1] },
  },
  7: {
    rightAngle: { name: 'Right Angle Cross of the Sphinx 3', gates: [7, 13, 2, 1] },
    juxtaposition: { name: 'Juxtaposition Cross of Interaction', gates: [7, 13, 23, 43] },
    leftAngle: { name: 'Left Angle Cross of Masks 2', gates: [7, 13, 23, 43] },
  },
  4: {
    rightAngle: { name: 'Right Angle Cross of Explanation 3', gates: [4, 49, 23, 43] },
    juxtaposition: { name: 'Juxtaposition Cross of Formulization', gates: [4, 49, 8, 14] },
    leftAngle: { name: 'Left Angle Cross of Revolution 2', gates: [4, 49, 8, 14] },
  },
  29: {
    rightAngle: { name: 'Right Angle Cross of Contagion 3', gates: [29, 30, 8, 14] },
    juxtaposition: { name: 'Juxtaposition Cross of Commitment', gates: [29, 30, 20, 34] },
    leftAngle: { name: 'Left Angle Cross of Industry 2', gates: [29, 30, 20, 34] },
  },
  59: {
    rightAngle: { name: 'Right Angle Cross of the Sleeping Phoenix 3', gates: [59, 55, 20, 34] },
    juxtaposition: { name: 'Juxtaposition Cross of Strategy', gates: [59, 55, 16, 9] },
    leftAngle: { name: 'Left Angle Cross of Spirit 2', gates: [59, 55, 16, 9] },
  },
  40: {
    rightAngle: { name: 'Right Angle Cross of Planning 3', gates: [40, 37, 16, 9] },
    juxtaposition: { name: 'Juxtaposition Cross of Denial', gates: [40, 37, 35, 5] },
    leftAngle: { name: 'Left Angle Cross of Migration 2', gates: [40, 37, 35, 5] },
  },
  64: {
    rightAngle: { name: 'Right Angle Cross of Consciousness 3', gates: [64, 63, 35, 5] },
    juxtaposition: { name: 'Juxtaposition Cross of Confusion', gates: [64, 63, 45, 26] },
    leftAngle: { name: 'Left Angle Cross of Dominion 2', gates: [64, 63, 45, 26] },
  },
  47: {
    rightAngle: { name: 'Right Angle Cross of Rulership 3', gates: [47, 22, 45, 26] },
    juxtaposition: { name: 'Juxtaposition Cross of Oppression', gates: [47, 22, 12, 11] },
    leftAngle: { name: 'Left Angle Cross of Informing 2', gates: [47, 22, 12, 11] },
  },
  6: {
    rightAngle: { name: 'Right Angle Cross of Eden 3', gates: [6, 36, 12, 11] },
    juxtaposition: { name: 'Juxtaposition Cross of Conflict', gates: [6, 36, 15, 10] },
    leftAngle: { name: 'Left Angle Cross of the Plane 2', gates: [6, 36, 15, 10] },
  },
  46: {
    rightAngle: { name: 'Right Angle Cross of the Vessel of Love 3', gates: [46, 25, 15, 10] },
    juxtaposition: { name: 'Juxtaposition Cross of Serendipity', gates: [46, 25, 52, 58] },
    leftAngle: { name: 'Left Angle Cross of Healing 2', gates: [46, 25, 52, 58] },
  },
  18: {
    rightAngle: { name: 'Right Angle Cross of Service 3', gates: [18, 17, 52, 58] },
    juxtaposition: { name: 'Juxtaposition Cross of Correction', gates: [18, 17, 39, 38] },
    leftAngle: { name: 'Left Angle Cross of Upheaval 2', gates: [18, 17, 39, 38] },
  },
  48: {
    rightAngle: { name: 'Right Angle Cross of Tension 3', gates: [48, 21, 39, 38] },
    juxtaposition: { name: 'Juxtaposition Cross of Depth', gates: [48, 21, 53, 54] },
    leftAngle: { name: 'Left Angle Cross of Endeavour 2', gates: [48, 21, 53, 54] },
  },
  57: {
    rightAngle: { name: 'Right Angle Cross of Penetration 3', gates: [57, 51, 53, 54] },
    juxtaposition: { name: 'Juxtaposition Cross of Intuition', gates: [57, 51, 62, 61] },
    leftAngle: { name: 'Left Angle Cross of the Clarion 2', gates: [57, 51, 62, 61] },
  },
  32: {
    rightAngle: { name: 'Right Angle Cross of Maya 3', gates: [32, 42, 62, 61] },
    juxtaposition: { name: 'Juxtaposition Cross of Conservation', gates: [32, 42, 56, 60] },
    leftAngle: { name: 'Left Angle Cross of Limitation 2', gates: [32, 42, 56, 60] },
  },
  50: {
    rightAngle: { name: 'Right Angle Cross of Laws 3', gates: [50, 3, 56, 60] },
    juxtaposition: { name: 'Juxtaposition Cross of Values', gates: [50, 3, 31, 41] },
    leftAngle: { name: 'Left Angle Cross of Wishes 2', gates: [50, 3, 31, 41] },
  },
  28: {
    rightAngle: { name: 'Right Angle Cross of the Unexpected 3', gates: [28, 27, 31, 41] },
    juxtaposition: { name: 'Juxtaposition Cross of Risks', gates: [28, 27, 33, 19] },
    leftAngle: { name: 'Left Angle Cross of Alignment 2', gates: [28, 27, 33, 19] },
  },
  44: {
    rightAngle: { name: 'Right Angle Cross of the Four Ways 3', gates: [44, 24, 33, 19] },
    juxtaposition: { name: 'Juxtaposition Cross of Alertness', gates: [44, 24, 7, 13] },
    leftAngle: { name: 'Left Angle Cross of Incarnation 2', gates: [44, 24, 7, 13] },
  },
  1: {
    rightAngle: { name: 'Right Angle Cross of the Sphinx 4', gates: [1, 2, 7, 13] },
    juxtaposition: { name: 'Juxtaposition Cross of Self-Expression', gates: [1, 2, 4, 49] },
    leftAngle: { name: 'Left Angle Cross of Defiance 2', gates: [1, 2, 4, 49] },
  },
  43: {
    rightAngle: { name: 'Right Angle Cross of Explanation 4', gates: [43, 23, 4, 49] },
    juxtaposition: { name: 'Juxtaposition Cross of Insight', gates: [43, 23, 29, 30] },
    leftAngle: { name: 'Left Angle Cross of Dedication 2', gates: [43, 23, 29, 30] },
  },
  14: {
    rightAngle: { name: 'Right Angle Cross of Contagion 4', gates: [14, 8, 29, 30] },
    juxtaposition: { name: 'Juxtaposition Cross of Empowering', gates: [14, 8, 59, 55] },
    leftAngle: { name: 'Left Angle Cross of Uncertainty 2', gates: [14, 8, 59, 55] },
  },
  34: {
    rightAngle: { name: 'Right Angle Cross of the Sleeping Phoenix 4', gates: [34, 20, 59, 55] },
    juxtaposition: { name: 'Juxtaposition Cross of Power', gates: [34, 20, 40, 37] },
    leftAngle: { name: 'Left Angle Cross of Duality 2', gates: [34, 20, 40, 37] },
  },
  9: {
    rightAngle: { name: 'Right Angle Cross of Planning 4', gates: [9, 16, 40, 37] },
    juxtaposition: { name: 'Juxtaposition Cross of Focus', gates: [9, 16, 64, 63] },
    leftAngle: { name: 'Left Angle Cross of Identification 2', gates: [9, 16, 64, 63] },
  },
  5: {
    rightAngle: { name: 'Right Angle Cross of Consciousness 4', gates: [5, 35, 64, 63] },
    juxtaposition: { name: 'Juxtaposition Cross of Habits', gates: [5, 35, 47, 22] },
    leftAngle: { name: 'Left Angle Cross of Separation 2', gates: [5, 35, 47, 22] },
  },
  26: {
    rightAngle: { name: 'Right Angle Cross of Rulership 4', gates: [26, 45, 47, 22] },
    juxtaposition: { name: 'Juxtaposition Cross of the Trickster', gates: [26, 45, 6, 36] },
    leftAngle: { name: 'Left Angle Cross of Confrontation 2', gates: [26, 45, 6, 36] },
  },
  11: {
    rightAngle: { name: 'Right Angle Cross of Eden 4', gates: [11, 12, 6, 36] },
    juxtaposition: { name: 'Juxtaposition Cross of Ideas', gates: [11, 12, 46, 25] },
    leftAngle: { name: 'Left Angle Cross of Education 2', gates: [11, 12, 46, 25] },
  },
  10: {
    rightAngle: { name: 'Right Angle Cross of the Vessel of Love 4', gates: [10, 15, 46, 25] },
    juxtaposition: { name: 'Juxtaposition Cross of Behavior', gates: [10, 15, 18, 17] },
    leftAngle: { name: 'Left Angle Cross of Prevention 2', gates: [10, 15, 18, 17] },
  },
  58: {
    rightAngle: { name: 'Right Angle Cross of Service 4', gates: [58, 52, 18, 17] },
    juxtaposition: { name: 'Juxtaposition Cross of Vitality', gates: [58, 52, 48, 21] },
    leftAngle: { name: 'Left Angle Cross of Demands 2', gates: [58, 52, 48, 21] },
  },
  38: {
    rightAngle: { name: 'Right Angle Cross of Tension 4', gates: [38, 39, 48, 21] },
    juxtaposition: { name: 'Juxtaposition Cross of Opposition', gates: [38, 39, 57, 51] },
    leftAngle: { name: 'Left Angle Cross of Individualism 2', gates: [38, 39, 57, 51] },
  },
  54: {
    rightAngle: { name: 'Right Angle Cross of Penetration 4', gates: [54, 53, 57, 51] },
    juxtaposition: { name: 'Juxtaposition Cross of Ambition', gates: [54, 53, 32, 42] },
    leftAngle: { name: 'Left Angle Cross of Cycles 2', gates: [54, 53, 32, 42] },
  },
  61: {
    rightAngle: { name: 'Right Angle Cross of Maya 4', gates: [61, 62, 32, 42] },
    juxtaposition: { name: 'Juxtaposition Cross of Thinking', gates: [61, 62, 50, 3] },
    leftAngle: { name: 'Left Angle Cross of Obscuration 2', gates: [61, 62, 50, 3] },
  },
  60: {
    rightAngle: { name: 'Right Angle Cross of Laws 4', gates: [60, 56, 50, 3] },
    juxtaposition: { name: 'Juxtaposition Cross of Limitation', gates: [60, 56, 28, 27] },
    leftAngle: { name: 'Left Angle Cross of Distraction 2', gates: [60, 56, 28, 27] },
  },
  41: {
    rightAngle: { name: 'Right Angle Cross of the Unexpected 4', gates: [41, 31, 28, 27] },
    juxtaposition: { name: 'Juxtaposition Cross of Fantasy', gates: [41, 31, 44, 24] },
    leftAngle: { name: 'Left Angle Cross of the Alpha 2', gates: [41, 31, 44, 24] },
  },
  19: {
    rightAngle: { name: 'Right Angle Cross of the Four Ways 4', gates: [19, 33, 44, 24] },
    juxtaposition: { name: 'Juxtaposition Cross of Need', gates: [19, 33, 1, 2] },
    leftAngle: { name: 'Left Angle Cross of Refinement 2', gates: [19, 33, 1, 2] },
  },
};
