import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';

export class PlacesQueryDto {
  @ApiProperty({
    example: 'san fr',
    description:
      'A partial or complete place name, in any script ("Lond", "münch", "Моск", "東"); ", Country" narrows it. At least 2 letters or digits, or one CJK character (Han, kana, Hangul).',
  })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  // One character is enough here: one CJK character is a query; the engine refuses one Latin letter (QUERY_TOO_SHORT).
  @IsString({ context: { code: 'QUERY_TOO_SHORT' }, message: 'q must be at least 2 characters of a place name, or one CJK character' })
  @MinLength(1, { context: { code: 'QUERY_TOO_SHORT' }, message: 'q must be at least 2 characters of a place name, or one CJK character' })
  @MaxLength(200, { message: 'q must be at most 200 characters' })
  q: string;

  @ApiPropertyOptional({ example: 5, default: 10, minimum: 1, maximum: 20 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit must be a whole number from 1 to 20' })
  @Min(1, { message: 'limit must be a whole number from 1 to 20' })
  @Max(20, { message: 'limit must be a whole number from 1 to 20' })
  limit?: number;
}
