import { Module } from '@nestjs/common';
import { BatchController } from './batch.controller';
import { BatchService } from './batch.service';

/** POST /v1/charts/batch: many charts per call, each its own job. */
@Module({ controllers: [BatchController], providers: [BatchService] })
export class BatchModule {}
