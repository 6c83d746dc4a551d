import { Module } from '@nestjs/common';
import { ReferenceController } from './reference.controller';
import { ReferenceService } from './reference.service';

/** GET /v1/reference…: the meaning library (our texts, CC BY 4.0) in five languages, from memory. */
@Module({ controllers: [ReferenceController], providers: [ReferenceService], exports: [ReferenceService] })
export class ReferenceModule {}
