import { Module } from '@nestjs/common';
import { BulkController } from './bulk.controller';
import { BulkService } from './bulk.service';

/** POST /v1/jobs and the routes of each job: many births computed in the background (README "Bulk jobs"). */
@Module({ controllers: [BulkController], providers: [BulkService] })
export class BulkModule {}
