import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** Site-wide snippets (head_tags, footer_tags, analytics_code, facebook_pixel), one row a key. */
export const SiteSettingSchema = defineEntity({
  name: 'SiteSetting',
  tableName: 'site_settings',
  properties: {
    key: p.text().primary(),
    value: p.text().default(''),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export type SiteSetting = InferEntity<typeof SiteSettingSchema>;

/** Advertisement slots ad1..ad4 shown on business detail pages. */
export const AdvertisementCodeSchema = defineEntity({
  name: 'AdvertisementCode',
  tableName: 'advertisement_codes',
  properties: {
    slot: p.text().primary(),
    code: p.text().default(''),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export type AdvertisementCode = InferEntity<typeof AdvertisementCodeSchema>;

export const SITE_SETTING_KEYS = ['head_tags', 'footer_tags', 'analytics_code', 'facebook_pixel'] as const;
export type SiteSettingKey = (typeof SITE_SETTING_KEYS)[number];
export const AD_SLOTS = ['ad1', 'ad2', 'ad3', 'ad4'] as const;
export type AdSlot = (typeof AD_SLOTS)[number];
