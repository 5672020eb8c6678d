import { Module } from '@nestjs/common';
import { CategoryMergesController } from './category-merges.controller.js';
import { CategoryMergesRepository } from './category-merges.repository.js';

@Module({ controllers: [CategoryMergesController], providers: [CategoryMergesRepository] })
export class CategoryMergesModule {}
