import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const AdminUserSchema = defineEntity({
  name: 'AdminUser',
  tableName: 'admin_users',
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    username: p.text().unique(),
    /** argon2id hash; the password itself is never stored. */
    passwordHash: p.text(),
    createdAt: p.datetime().onCreate(() => new Date()),
    lastLoginAt: p.datetime().nullable(),
  },
});
export type AdminUser = InferEntity<typeof AdminUserSchema>;
