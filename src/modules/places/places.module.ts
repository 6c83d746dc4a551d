import { Module } from '@nestjs/common';
import { PlacesController } from './places.controller';
import { PlacesService } from './places.service';

/** GET /v1/places: place search, from the gazetteer in the API process's memory. */
@Module({ controllers: [PlacesController], providers: [PlacesService] })
export class PlacesModule {}
