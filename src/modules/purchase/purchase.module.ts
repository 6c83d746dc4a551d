import { Module } from '@nestjs/common';
import { PurchaseController } from './purchase.controller';
import { PurchaseService } from './purchase.service';

/** Selling keys through Stripe Checkout (all routes answer 503 PURCHASE_DISABLED without STRIPE_SECRET_KEY). */
@Module({ controllers: [PurchaseController], providers: [PurchaseService] })
export class PurchaseModule {}
