import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { MEANING_LANGUAGES, type MeaningLanguage, REFERENCE_KINDS } from '../../engine/meaning';
import { UNSUPPORTED_LANGUAGE_MESSAGE } from '../birth/meaning-option.dto';

/** `?lang=` of the reference routes; without it, the best of Accept-Language, else English. */
export class ReferenceQueryDto {
  @ApiPropertyOptional({
    enum: MEANING_LANGUAGES,
    example: 'de',
    description: 'Language of the texts. Without it, the first supported language of Accept-Language (pt and pt-* give pt-BR), else en.',
  })
  @IsOptional()
  @IsIn(MEANING_LANGUAGES, { context: { code: 'UNSUPPORTED_LANGUAGE' }, message: `lang ${UNSUPPORTED_LANGUAGE_MESSAGE}` })
  lang?: MeaningLanguage;
}

/** The MCP tool `explain`: one item of a kind (a line: kind "lines", id "51.5"), in a language. */
export class ExplainDto {
  @IsIn([...REFERENCE_KINDS, 'lines'], { message: `kind must be one of ${[...REFERENCE_KINDS, 'lines'].join(', ')}` })
  kind: string;

  @IsString({ message: 'id must be a string: the item as a chart answer labels it, or its slug' })
  @MinLength(1, { message: 'id must not be empty' })
  @MaxLength(120, { message: 'id must be at most 120 characters' })
  id: string;

  @IsOptional()
  @IsIn(MEANING_LANGUAGES, { context: { code: 'UNSUPPORTED_LANGUAGE' }, message: `lang ${UNSUPPORTED_LANGUAGE_MESSAGE}` })
  lang?: MeaningLanguage;
}
