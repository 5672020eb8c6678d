import { Module } from '@nestjs/common';
import { AdminContactMessagesController } from './admin-contact-messages.controller.js';
import { ContactLimiter } from './contact-limiter.js';
import { ContactMessagesRepository } from './contact-messages.repository.js';
import { ContactController } from './contact.controller.js';

@Module({
  controllers: [ContactController, AdminContactMessagesController],
  providers: [ContactLimiter, ContactMessagesRepository],
})
export class ContactModule {}
