import { Injectable, OnModuleInit } from '@nestjs/common';
import { ApiError } from '../../common/api-error';
import { loadGazetteer, searchPlaces, type PlaceSuggestion } from '../../engine/places';
import { EngineInputError } from '../../engine/types';

/**
 * Place search for sign-up forms, answered by the API process itself from the gazetteer in memory (no queue: a
 * search takes microseconds, a job round trip a millisecond). The gazetteer and its search index are made at start,
 * as a worker makes the gazetteer (without the search index, which it never uses), so no caller pays for them.
 */
@Injectable()
export class PlacesService implements OnModuleInit {
  onModuleInit(): void {
    loadGazetteer().warmSearch();
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
