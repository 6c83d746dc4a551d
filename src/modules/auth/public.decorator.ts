import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'hd:isPublic';
/** Marks a controller or route as answerable without an HD-Api-Key. */
export const Public = () => SetMetadata(IS_PUBLIC, true);
