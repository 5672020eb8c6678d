import { Controller, Get } from '@nestjs/common';
import { HomepageService } from './homepage.service.js';

@Controller('homepage-data')
export class HomepageController {
  constructor(private readonly homepage: HomepageService) {}

  @Get()
  data() {
    return this.homepage.data();
  }
}
