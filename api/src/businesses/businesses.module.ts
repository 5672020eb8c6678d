import { Module } from '@nestjs/common';
import { BusinessesController } from './businesses.controller.js';
import { BusinessesService } from './businesses.service.js';
import { RelatedPlacesService } from './related.service.js';
import { SearchModule } from '../search/search.module.js';

@Module({
  // The search limit counts the lists the engine reads.
  imports: [SearchModule],
  controllers: [BusinessesController],
  providers: [BusinessesService, RelatedPlacesService],
  exports: [BusinessesService],
})
export class BusinessesModule {}
