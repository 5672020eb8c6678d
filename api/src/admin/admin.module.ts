import { Module } from '@nestjs/common';
import { AdminBusinessesController } from './admin-businesses.controller.js';
import { AdminBusinessesService } from './admin-businesses.service.js';

@Module({ controllers: [AdminBusinessesController], providers: [AdminBusinessesService] })
export class AdminModule {}
