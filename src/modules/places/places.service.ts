import { Injectable, OnModuleInit } from '@nestjs/common';
import { ApiError } from '../../common/api-error';
import { loadGazetteer, searchPlaces, type PlaceSuggestion } from '../../engine/places';
import { EngineInputError } from '../../engine/types';

/**
 * Place search for sign-up forms, answered by the API process itself from the gazetteer in memory (no queue: a
 * search takes microseconds, a job round trip a millisecond). The gazetteer is loaded at start, as the worker
 * loads it, so no caller pays for it.
 */
@Injectable()
export class PlacesService implements OnModuleInit {
  onModuleInit(): void {
    loadGazetteer();
  }

  search(q: string, limit = 10): { query: string; count: number; places: PlaceSuggestion[] } {
    try {
      const places = searchPlaces(q, limit);
      return { query: q, count: places.length, places };
    } catch (err) {
      if (err instanceof EngineInputError) throw new ApiError(400, err.code, err.message, err.details);
      throw err;
    }
  }
}
