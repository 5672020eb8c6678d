import { AdminUserSchema } from './admin-user.entity.js';
import { BusinessSchema } from './business.entity.js';
import { ContactMessageSchema } from './contact-message.entity.js';
import { AdvertisementCodeSchema, SiteSettingSchema } from './settings.entity.js';
import { UploadReportSchema } from './upload-report.entity.js';

export * from './admin-user.entity.js';
export * from './business.entity.js';
export * from './contact-message.entity.js';
export * from './settings.entity.js';
export * from './upload-report.entity.js';

export const ALL_ENTITIES = [
  BusinessSchema,
  SiteSettingSchema,
  AdvertisementCodeSchema,
  ContactMessageSchema,
  UploadReportSchema,
  AdminUserSchema,
];
