import { Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { MovedPermanentlyFilter } from './aliases/moved.js';
import { PlaceAliasesService } from './aliases/place-aliases.service.js';
import { CategoriesController } from './categories/categories.controller.js';
import { CategoriesService } from './categories/categories.service.js';
import { CitiesController } from './cities/cities.controller.js';
import { CitiesService } from './cities/cities.service.js';
import { CountriesController } from './countries/countries.controller.js';
import { CountriesService } from './countries/countries.service.js';
import { HomepageController } from './homepage/homepage.controller.js';
import { HomepageService } from './homepage/homepage.service.js';
import { SearchModule } from './search/search.module.js';

/** The aggregate-backed public browsing reads: home, categories, countries, cities. */
@Module({
  // The search limit counts the category and city pages the engine reads.
  imports: [SearchModule],
  controllers: [HomepageController, CategoriesController, CountriesController, CitiesController],
  providers: [
    HomepageService,
    CategoriesService,
    CountriesService,
    CitiesService,
    PlaceAliasesService,
    { provide: APP_FILTER, useClass: MovedPermanentlyFilter },
  ],
})
export class DirectoryModule {}
