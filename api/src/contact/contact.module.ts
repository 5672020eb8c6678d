import { Module } from '@nestjs/common';
import { ContactLimiter } from './contact-limiter.js';
import { ContactController } from './contact.controller.js';

@Module({ controllers: [ContactController], providers: [ContactLimiter] })
export class ContactModule {}
