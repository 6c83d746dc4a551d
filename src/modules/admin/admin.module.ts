import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import { BullBoardModule, BullBoardModuleOptions } from '@bull-board/nestjs';
import { DynamicModule, Module } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { LIGHT_QUEUE, HEAVY_QUEUE } from '../../jobs/job-types';
import { adminAuthMiddleware } from './admin-auth';

export const ADMIN_ROUTE = '/admin/queues';

/**
 * The dashboard shows jobs without their input or result: both hold birth data. Counts, states, timings,
 * job names and failure reasons (error codes) stay visible.
 */
export class RedactedBullMQAdapter extends BullMQAdapter {
  constructor(queue: ConstructorParameters<typeof BullMQAdapter>[0], options?: ConstructorParameters<typeof BullMQAdapter>[1]) {
    super(queue, options);
    this.setFormatter('data', redact);
    this.setFormatter('returnValue', redact);
  }
}

function redact(value: unknown): unknown {
  if (value === null || value === undefined) return value;
  return { redacted: 'birth data and charts are not shown on the dashboard' };
}

/**
 * bull-board at /admin/queues (API role), behind ADMIN_TOKEN. Read-only unless ADMIN_READ_WRITE=true
 * (then retry, clean, promote and remove buttons work).
 */
@Module({})
export class AdminModule {
  static forRoot(config: AppConfig): DynamicModule {
    const readWrite = config.adminReadWrite;
    return {
      module: AdminModule,
      imports: [
        BullBoardModule.forRootAsync({
          inject: [APP_CONFIG],
          useFactory: (config: AppConfig) => ({
            route: ADMIN_ROUTE,
            // @bull-board/express ships its own copy of @bull-board/api (9.10.1 vs 9.10.2): same shape, distinct types.
            adapter: ExpressAdapter as unknown as BullBoardModuleOptions['adapter'],
            middleware: adminAuthMiddleware(config.adminToken),
            boardOptions: { uiConfig: { boardTitle: 'HD chart queues' } },
          }),
        }),
        BullBoardModule.forFeature(
          ...[LIGHT_QUEUE, HEAVY_QUEUE].map((name) => ({
            name,
            adapter: RedactedBullMQAdapter,
            options: { readOnlyMode: !readWrite, allowRetries: readWrite },
          })),
        ),
      ],
    };
  }
}
