import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { MEANING_LANGUAGES, type MeaningLanguage } from '../../engine/meaning';

export const UNSUPPORTED_LANGUAGE_MESSAGE = `must be one of ${MEANING_LANGUAGES.join(', ')}`;

/** `meaning`: the language of the texts each labelled element of the answer carries (engine/meaning). */
export class MeaningOptionDto {
  @ApiPropertyOptional({
    enum: MEANING_LANGUAGES,
    example: 'en',
    description:
      'Adds what the chart means, in this language: a `meaning` object beside each labelled element (type, authority, profile, definition, cross, centers, channels, gates and lines, variables), our own texts under CC BY 4.0. The labels themselves stay the English identifiers. Without it the answer is as before.',
  })
  @IsOptional()
  @IsIn(MEANING_LANGUAGES, { context: { code: 'UNSUPPORTED_LANGUAGE' }, message: `meaning ${UNSUPPORTED_LANGUAGE_MESSAGE}` })
  meaning?: MeaningLanguage;
}
