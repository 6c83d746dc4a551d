import { EngineInputError } from '../../src/engine/types';

/** The EngineInputError `fn` throws (any other error is rethrown; no error at all fails the test). */
export function inputError(fn: () => unknown): EngineInputError {
  try {
    fn();
  } catch (e) {
    if (e instanceof EngineInputError) return e;
    throw e;
  }
  throw new Error('expected an EngineInputError');
}
