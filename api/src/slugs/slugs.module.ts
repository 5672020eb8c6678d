import { Module } from '@nestjs/common';
import { SlugsController } from './slugs.controller.js';

@Module({ controllers: [SlugsController] })
export class SlugsModule {}
