import { Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { UsageController } from './usage.controller';
import { UsageInterceptor, UsageService } from './usage.service';

/** Per-key usage (README "Usage"): counted by a global interceptor, answered at GET /v1/usage. */
@Module({
  controllers: [UsageController],
  providers: [UsageService, { provide: APP_INTERCEPTOR, useClass: UsageInterceptor }],
})
export class UsageModule {}
