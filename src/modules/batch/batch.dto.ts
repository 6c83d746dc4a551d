import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ChartRequestDto } from '../chart/dto/chart-requests.dto';
import { ArrayMaxSize, ArrayMinSize, IsArray } from 'class-validator';

export const BATCH_MAX_ITEMS = 100;

/**
 * One item as documented (the OpenAPI schema and the typed client): birth data plus the operation and an id to
 * echo. Not a validator: batch.service.ts checks each item on its own with ChartRequestDto.
 */
export class BatchItemDto extends ChartRequestDto {
  @ApiPropertyOptional({ oneOf: [{ type: 'string', maxLength: 100 }, { type: 'number' }], description: "Echoed in the answer (default: the item's position)." })
  id?: string | number;

  @ApiProperty({ enum: ['chart', 'advanced'], description: 'Which single call this item is: /v1/chart or /v1/chart/advanced.' })
  operation: 'chart' | 'advanced';
}

/** The envelope only: each item is checked on its own (batch.service.ts), so one bad item fails only itself. */
export class BatchRequestDto {
  @ApiProperty({
    type: () => BatchItemDto,
    isArray: true,
    minItems: 1,
    maxItems: BATCH_MAX_ITEMS,
    description:
      `Up to ${BATCH_MAX_ITEMS} items, each {id?, operation: "chart" | "advanced", …birth data as for /v1/chart}. ` +
      "id (a string of up to 100 characters, or a number) is echoed; without it the item's position is.",
    example: [
      { id: 'ada', operation: 'chart', birthdate: '1948-04-09', birthtime: '00:14', location: 'Montreal, Quebec, Canada' },
      { id: 'ben', operation: 'advanced', birthdate: '1992-10-03', birthtime: '00:03', location: 'Attleboro, Massachusetts, USA' },
    ],
  })
  @IsArray({ message: 'items must be an array of birth data items' })
  @ArrayMinSize(1, { message: 'items must hold at least one item' })
  @ArrayMaxSize(BATCH_MAX_ITEMS, { message: `items must hold at most ${BATCH_MAX_ITEMS} items (send several batches)` })
  items: unknown[];
}
