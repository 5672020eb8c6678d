import { Module } from '@nestjs/common';
import { SynonymsController } from './synonyms.controller.js';
import { SynonymsRepository } from './synonyms.repository.js';

@Module({ controllers: [SynonymsController], providers: [SynonymsRepository] })
export class SynonymsModule {}
