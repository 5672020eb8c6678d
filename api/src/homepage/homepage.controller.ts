import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CACHE_POLICIES, PublicCache } from '../cache/cache-policy.js';
import { ApiCall } from '../docs/api-responses.js';
import { Homepage } from '../docs/schemas.js';
import { HomepageService } from './homepage.service.js';
import { Public } from '../auth/access.js';

@ApiTags('homepage')
@Controller('homepage-data')
@Public()
export class HomepageController {
  constructor(private readonly homepage: HomepageService) {}

  @Get()
  @PublicCache(CACHE_POLICIES.homepage)
  @ApiCall('The home page: popular categories, top cities and countries, directory totals', Homepage)
  data() {
    return this.homepage.data();
  }
}
