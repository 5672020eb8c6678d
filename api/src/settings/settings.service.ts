import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { AD_SLOTS, AdvertisementCodeSchema, SITE_SETTING_KEYS, SiteSettingSchema } from '@directory/core';

/** Site-wide snippets and the four ad slots; admins write them, every public page reads them. */
@Injectable()
export class SettingsService {
  constructor(private readonly em: EntityManager) {}

  async siteSettings(): Promise<Record<(typeof SITE_SETTING_KEYS)[number], string>> {
    const rows = await this.em.find(SiteSettingSchema, {});
    const values = Object.fromEntries(rows.map((r) => [r.key, r.value]));
    return Object.fromEntries(SITE_SETTING_KEYS.map((key) => [key, values[key] ?? ''])) as never;
  }

  async advertisementCodes(): Promise<Record<(typeof AD_SLOTS)[number], string>> {
    const rows = await this.em.find(AdvertisementCodeSchema, {});
    const values = Object.fromEntries(rows.map((r) => [r.slot, r.code]));
    return Object.fromEntries(AD_SLOTS.map((slot) => [slot, values[slot] ?? ''])) as never;
  }
}
