import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { RecoveryController } from './recovery.controller';
import { RecoveryService } from './recovery.service';

/** Lost-key recovery by email (/keys/recover); its pages say it is off without SMTP_URL. */
@Module({ imports: [AuthModule], controllers: [RecoveryController], providers: [RecoveryService] })
export class RecoveryModule {}
