/**
 * Hand-built gate sets, one per type and per authority rule. Expected values worked out by hand from RULES 5.1
 * (type), 6.1 (authority precedence), 7.1/7.2 (definition, split kind) and the center/channel tables.
 */
import { classifyGates } from './graph';
import { TYPE_DETAILS } from '../tables/type-details';

describe('type (RULES 5.1)', () => {
  it.each([
    ['no channel, only hanging gates', [1, 2, 3, 64], 'Reflector'],
    ['Sacral defined, not connected to the Throat (5-15)', [5, 15], 'Generator'],
    ['Sacral directly to the Throat (20-34)', [20, 34], 'Manifesting Generator'],
    ['Sacral defined, Solar Plexus to the Throat (6-59 + 35-36): any motor counts', [6, 59, 35, 36], 'Manifesting Generator'],
    ['Sacral–Spleen–Throat chain (34-57 + 16-48), missed by hard-coded paths', [34, 57, 16, 48], 'Manifesting Generator'],
    ['Solar Plexus to the Throat without Sacral (35-36)', [35, 36], 'Manifestor'],
    ['Heart to the Throat (21-45)', [21, 45], 'Manifestor'],
    ['Heart→G→Throat indirect (25-51 + 10-20), like Ra Uru Hu', [25, 51, 10, 20], 'Manifestor'],
    ['Root→Spleen→Throat (28-38 + 16-48)', [28, 38, 16, 48], 'Manifestor'],
    ['G–Throat only (1-8)', [1, 8], 'Projector'],
    ['Root–Spleen, no Throat (18-58)', [18, 58], 'Projector'],
    ['Heart–G only (25-51)', [25, 51], 'Projector'],
  ])('%s → %s', (_label, gates, type) => {
    expect(classifyGates(gates).type).toBe(type);
  });

  it('strategy / signature / not-self per RULES 5.2, MG = Satisfaction / Frustration and Anger', () => {
    expect(TYPE_DETAILS['Manifesting Generator']).toMatchObject({ signature: 'Satisfaction', notSelfTheme: 'Frustration and Anger' });
    expect(TYPE_DETAILS.Projector).toMatchObject({ strategy: 'Wait for the Invitation', signature: 'Success', notSelfTheme: 'Bitterness' });
    expect(TYPE_DETAILS.Manifestor).toMatchObject({ signature: 'Peace', notSelfTheme: 'Anger' });
    expect(TYPE_DETAILS.Reflector).toMatchObject({ signature: 'Surprise', notSelfTheme: 'Disappointment' });
    expect(TYPE_DETAILS.Generator).toMatchObject({ signature: 'Satisfaction', notSelfTheme: 'Frustration' });
  });
});

describe('authority (RULES 6.1, first match wins)', () => {
  it.each([
    ['1 Solar Plexus defined (over Sacral, 6-59)', [6, 59], 'Emotional (Solar Plexus)'],
    ['1 Solar Plexus defined without Sacral (37-40)', [37, 40], 'Emotional (Solar Plexus)'],
    ['2 Sacral, no Solar Plexus (5-15)', [5, 15], 'Sacral'],
    ['2 Sacral over Spleen (27-50)', [27, 50], 'Sacral'],
    ['3 Spleen, no SP/Sacral (18-58)', [18, 58], 'Splenic'],
    ['3 Spleen over Heart (26-44)', [26, 44], 'Splenic'],
    ['4 Heart connected to Throat directly (21-45)', [21, 45], 'Ego Manifested'],
    ['4 Heart connected to Throat through the G (25-51 + 1-8)', [25, 51, 1, 8], 'Ego Manifested'],
    ['5 Heart–G only (25-51)', [25, 51], 'Ego Projected'],
    ['6 G connected to Throat (13-33)', [13, 33], 'Self-Projected'],
    ['7 only Head/Ajna/Throat (47-64 + 23-43)', [47, 64, 23, 43], 'Mental / Environmental (no inner authority)'],
    ['7 Ajna–Throat only (17-62)', [17, 62], 'Mental / Environmental (no inner authority)'],
    ['8 nothing defined', [10, 1, 60], 'Lunar'],
  ])('%s → %s', (_label, gates, authority) => {
    expect(classifyGates(gates).authority).toBe(authority);
  });
});

describe('definition and split kind (RULES 7)', () => {
  it('no channel → No Definition', () => {
    expect(classifyGates([1, 2]).definition).toBe('No Definition');
  });
  it('one area → Single Definition (three channels in a chain)', () => {
    const c = classifyGates([20, 34, 57, 10]);
    expect(c.definition).toBe('Single Definition');
    expect(c.definedCenters).toEqual(['Throat', 'G', 'Sacral', 'Spleen']);
  });
  it('1-8 + 18-58: wide split (no single gate bridges G/Throat and Spleen/Root)', () => {
    const c = classifyGates([1, 8, 18, 58]);
    expect(c.definition).toBe('Split Definition');
    expect(c.splitKind).toBe('wide');
    expect(c.bridgingGates).toEqual([]);
  });
  it('1-8 + 18-58 + hanging 57: simple split bridged by 10 (10-57) or 20 (20-57)', () => {
    const c = classifyGates([1, 8, 18, 58, 57]);
    expect(c.splitKind).toBe('simple');
    expect(c.bridgingGates).toEqual([10, 20]);
  });
  it('a hanging gate whose partner center is undefined does not bridge (34 with Sacral open)', () => {
    const c = classifyGates([1, 8, 18, 58, 34]);
    expect(c.splitKind).toBe('wide');
  });
  it('three areas → Triple Split Definition', () => {
    expect(classifyGates([1, 8, 18, 58, 47, 64]).definition).toBe('Triple Split Definition');
  });
  it('four areas → Quadruple Split Definition (24-61, 1-8, 18-58, 6-59)', () => {
    const c = classifyGates([24, 61, 1, 8, 18, 58, 6, 59]);
    expect(c.definition).toBe('Quadruple Split Definition');
    expect(c.type).toBe('Generator');
    expect(c.authority).toBe('Emotional (Solar Plexus)');
    expect(c.splitKind).toBeNull();
  });
});
