import type { ChunkItem } from '../jobs/bulk-types';
import { timeOrder } from './bulk-chunk';

const birth = (id: string, birthdate: string, birthtime: string): ChunkItem => ({ id, input: { birthdate, birthtime, location: 'Paris, France' } });

describe('timeOrder', () => {
  it('computes births by local date and time, whatever the input order', () => {
    const items = [birth('a', '1987-06-01', '12:00'), birth('b', '1950-01-02', '23:59'), birth('c', '1987-06-01', '08:30'), birth('d', '2029-12-31', '00:00')];
    expect(timeOrder(items)).toEqual([1, 2, 0, 3]);
  });

  it('puts items with nothing to order by (refused rows) first, and keeps input order among equals', () => {
    const items: ChunkItem[] = [
      birth('a', '2000-01-01', '10:00'),
      { id: 'bad', error: { status: 422, code: 'INVALID_DATE', message: 'no such day' } },
      birth('b', '1999-12-31', '10:00'),
      birth('c', '2000-01-01', '10:00'),
      { id: 'odd', input: { birthdate: 19990101 } },
    ];
    expect(timeOrder(items)).toEqual([1, 4, 2, 0, 3]);
  });

  it('is a permutation of the chunk', () => {
    const items = Array.from({ length: 500 }, (_, i) => birth(`r${i}`, `19${String(50 + ((i * 37) % 50))}-0${1 + (i % 9)}-1${i % 10}`, '12:00'));
    expect([...timeOrder(items)].sort((x, y) => x - y)).toEqual(items.map((_, i) => i));
  });
});
