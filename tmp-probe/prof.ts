import { findIngresses } from '../src/engine/ingresses';
import { PLANETS } from '../src/engine/types';
const from = Date.parse('2026-01-01T00:00:00Z'), to = from + 365.2422 * 86400000;
for (let i = 0; i < 8; i++) findIngresses(from + i * 1e10, to + i * 1e10, PLANETS, 'line', 'true');
