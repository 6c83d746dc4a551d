import { Module } from '@nestjs/common';
import { SdkController } from './sdk.controller';

/** GET /sdk/typescript.tgz: the typed client's npm tarball, built by scripts/pack-client.js (npm run build). */
@Module({ controllers: [SdkController] })
export class SdkModule {}
