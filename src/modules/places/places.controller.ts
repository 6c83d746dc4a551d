import { apiDoc } from '../operations/operations';
import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { errorExample } from '../../common/openapi-responses';
import { PlacesQueryDto } from './places.dto';
import { PlacesService } from './places.service';

@ApiTags('places')
@ApiSecurity('HD-Api-Key')
@Controller('v1/places')
export class PlacesController {
  constructor(private readonly places: PlacesService) {}

  @Get()
  @ApiOperation(apiDoc('places'))
  @ApiResponse({
    status: 200,
    description: 'The suggestions, best first',
    schema: {
      example: {
        query: 'san fr',
        count: 1,
        places: [
          {
            placeId: 5391959,
            name: 'San Francisco',
            region: 'California',
            country: 'United States',
            countryCode: 'US',
            latitude: 37.77493,
            longitude: -122.41942,
            timezone: 'America/Los_Angeles',
            population: 864816,
            location: 'San Francisco, United States',
            matched: 'San Francisco',
          },
        ],
      },
    },
  })
  @ApiResponse({
    status: 400,
    description: 'QUERY_TOO_SHORT (empty, or one letter that is not a CJK character), VALIDATION_FAILED (limit outside 1–20)',
    ...errorExample('QUERY_TOO_SHORT', 'q: q must be at least 2 characters of a place name'),
  })
  @ApiResponse({
    status: 401,
    description: 'API_KEY_MISSING or API_KEY_INVALID',
    ...errorExample('API_KEY_MISSING', 'Send your API key in the HD-Api-Key header (or Authorization: Bearer <key>).'),
  })
  search(@Query() query: PlacesQueryDto) {
    return this.places.search(query.q, query.limit);
  }
}
