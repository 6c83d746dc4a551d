import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray } from 'class-validator';

export const BATCH_MAX_ITEMS = 100;

/** The envelope only: each item is checked on its own (batch.service.ts), so one bad item fails only itself. */
export class BatchRequestDto {
  @ApiProperty({
    description:
      `Up to ${BATCH_MAX_ITEMS} items, each {id?, operation: "chart" | "advanced", …birth data as for /v1/chart}. ` +
      'id (a string of up to 100 characters, or a number) is echoed; without it the item\'s position is.',
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
