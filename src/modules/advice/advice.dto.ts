import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ADVICE_COUNT } from './advice-data';

/** One piece of advice, verbatim from a public-domain text. */
export class AdviceDto {
  @ApiProperty({ type: 'integer', minimum: 1, maximum: ADVICE_COUNT, example: 2, description: 'Stable number of the item, 1–371' })
  id: number;

  @ApiProperty({ example: 'God helps them that help themselves.', description: 'The advice, verbatim from the source text' })
  advice: string;

  @ApiProperty({
    format: 'uri',
    example: 'https://www.gutenberg.org/ebooks/43855',
    description: 'https address of the public-domain text the advice was taken from',
  })
  source: string;
}

class ApiErrorDetailDto {
  @ApiProperty({ example: 'ADVICE_NOT_FOUND' })
  code: string;

  @ApiProperty({ example: 'There is no advice with id 372; ids run from 1 to 371.' })
  message: string;

  @ApiPropertyOptional({ example: { min: 1, max: ADVICE_COUNT } })
  details?: unknown;
}

/** The API's one error shape, as the advice routes use it. */
export class AdviceErrorDto {
  @ApiProperty({ type: ApiErrorDetailDto })
  error: ApiErrorDetailDto;
}
