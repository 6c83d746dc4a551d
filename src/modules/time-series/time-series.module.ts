import { Module } from '@nestjs/common';
import { TimeSeriesController } from './time-series.controller';
import { TimeSeriesService } from './time-series.service';

/** Ingresses, stations, returns and the transit calendar: queued like the chart operations. */
@Module({ controllers: [TimeSeriesController], providers: [TimeSeriesService] })
export class TimeSeriesModule {}
