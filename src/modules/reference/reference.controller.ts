import { Controller, Get, Param, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import { ApiHeader, ApiOperation, ApiParam, ApiResponse, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { errorExample } from '../../common/openapi-responses';
import { apiDoc } from '../operations/operations';
import { ReferenceQueryDto } from './reference.dto';
import { languageFor, ReferenceService } from './reference.service';

const NOT_FOUND = {
  status: 404,
  description: 'REFERENCE_NOT_FOUND: no such kind, or no such item of the kind',
  ...errorExample('REFERENCE_NOT_FOUND', 'There is no gates item "65" in the reference (GET /v1/reference lists every id and slug).', {
    kind: 'gates',
    id: '65',
  }),
};
const BAD_LANGUAGE = {
  status: 400,
  description: 'UNSUPPORTED_LANGUAGE: lang is not one of en, de, es, pt-BR, fr',
  ...errorExample('UNSUPPORTED_LANGUAGE', 'lang: lang must be one of en, de, es, pt-BR, fr'),
};
const NO_KEY = {
  status: 401,
  description: 'API_KEY_MISSING or API_KEY_INVALID',
  ...errorExample('API_KEY_MISSING', 'Send your API key in the HD-Api-Key header (or Authorization: Bearer <key>).'),
};

/** The meaning library by kind and item (src/engine/meaning/reference.ts); key required like the chart operations. */
@ApiTags('reference')
@ApiSecurity('HD-Api-Key')
@ApiHeader({
  name: 'accept-language',
  required: false,
  description: 'Used when lang is absent: the first supported language by q (de-AT gives de; pt and pt-PT give pt-BR), else en.',
})
@Controller('v1/reference')
export class ReferenceController {
  constructor(private readonly reference: ReferenceService) {}

  @Get()
  @ApiOperation(apiDoc('reference'))
  @ApiResponse({ status: 200, description: 'Every kind with its items' })
  @ApiResponse(BAD_LANGUAGE)
  @ApiResponse(NO_KEY)
  index(@Query() query: ReferenceQueryDto, @Req() req: Request): object {
    return this.reference.index(languageFor(query.lang, req.headers['accept-language']));
  }

  @Get('gates/:gate/lines/:line')
  @ApiOperation(apiDoc('referenceLine'))
  @ApiParam({ name: 'gate', example: '51', description: 'Gate number, 1–64.' })
  @ApiParam({ name: 'line', example: '5', description: 'Line number, 1–6.' })
  @ApiResponse({ status: 200, description: "The line's texts" })
  @ApiResponse(BAD_LANGUAGE)
  @ApiResponse(NO_KEY)
  @ApiResponse(NOT_FOUND)
  line(@Param('gate') gate: string, @Param('line') line: string, @Query() query: ReferenceQueryDto, @Req() req: Request): object {
    return this.reference.line(gate, line, languageFor(query.lang, req.headers['accept-language']));
  }

  /** "5/1" as a path: the profile's two lines as two segments. */
  @Get('profiles/:personality/:design')
  @ApiOperation({ ...apiDoc('referenceProfile') })
  @ApiParam({ name: 'personality', example: '5', description: 'The personality (conscious) line.' })
  @ApiParam({ name: 'design', example: '1', description: 'The design (unconscious) line.' })
  @ApiResponse({ status: 200, description: "The profile's texts" })
  @ApiResponse(BAD_LANGUAGE)
  @ApiResponse(NO_KEY)
  @ApiResponse(NOT_FOUND)
  profile(@Param('personality') personality: string, @Param('design') design: string, @Query() query: ReferenceQueryDto, @Req() req: Request): object {
    return this.reference.item('profiles', `${personality}/${design}`, languageFor(query.lang, req.headers['accept-language']));
  }

  @Get(':kind/:id')
  @ApiOperation(apiDoc('referenceItem'))
  @ApiParam({
    name: 'kind',
    example: 'gates',
    description: 'gates, channels, circuits, centers, types, authorities, profiles, definitions, quarters, crosses or variables.',
  })
  @ApiParam({
    name: 'id',
    example: '51',
    description:
      'The item as chart answers label it, or its slug: 51, 10-20, solar-plexus, manifesting-generator, splenic, 5-1, right-angle-cross-of-the-sphinx-1, determination.',
  })
  @ApiResponse({ status: 200, description: "The item's texts and facts" })
  @ApiResponse(BAD_LANGUAGE)
  @ApiResponse(NO_KEY)
  @ApiResponse(NOT_FOUND)
  item(@Param('kind') kind: string, @Param('id') id: string, @Query() query: ReferenceQueryDto, @Req() req: Request): object {
    return this.reference.item(kind, id, languageFor(query.lang, req.headers['accept-language']));
  }
}
