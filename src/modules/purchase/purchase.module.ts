import { Module } from '@nestjs/common';
import { BuyController } from './buy.controller';
import { PurchaseController } from './purchase.controller';
import { PurchaseService } from './purchase.service';
import { SampleService } from './sample.service';

/**
 * Selling keys through Stripe Checkout (all routes answer 503 PURCHASE_DISABLED without STRIPE_SECRET_KEY), and the
 * buy page with its live sample.
 */
@Module({ controllers: [BuyController, PurchaseController], providers: [PurchaseService, SampleService] })
export class PurchaseModule {}
