import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const ContactMessageSchema = defineEntity({
  name: 'ContactMessage',
  tableName: 'contact_messages',
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    name: p.text(),
    email: p.text(),
    subject: p.text(),
    message: p.text(),
    company: p.text().nullable(),
    phone: p.text().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    /** When an admin marked it read; null while unread. */
    readAt: p.datetime().nullable(),
  },
});
export type ContactMessage = InferEntity<typeof ContactMessageSchema>;
