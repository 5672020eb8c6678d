import { Controller, Get, Param, Query } from '@nestjs/common';
import { LetterQuery } from '../common/letter.dto.js';
import { PageQuery } from '../common/paging.dto.js';
import { CategoriesService } from './categories.service.js';

@Controller('categories')
export class CategoriesController {
  constructor(private readonly categories: CategoriesService) {}

  @Get()
  list(@Query() query: LetterQuery) {
    return this.categories.list(query.letter, query.q);
  }

  @Get(':slug')
  page(@Param('slug') slug: string, @Query() query: PageQuery) {
    return this.categories.page(slug, query.page, query.limit);
  }
}
