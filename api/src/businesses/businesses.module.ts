import { Module } from '@nestjs/common';
import { BusinessesController } from './businesses.controller.js';
import { BusinessesService } from './businesses.service.js';
import { RelatedPlacesService } from './related.service.js';

@Module({
  controllers: [BusinessesController],
  providers: [BusinessesService, RelatedPlacesService],
  exports: [BusinessesService],
})
export class BusinessesModule {}
