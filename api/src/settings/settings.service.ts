import { BadRequestException, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  AD_SLOT_MAX_BYTES,
  AD_SLOTS,
  type AdSlot,
  AdvertisementCodeSchema,
  IMPORT_APPROVAL_KEY,
  importsNeedApprovalFrom,
  SITE_SETTING_KEYS,
  type SiteSettingKey,
  SiteSettingSchema,
} from '@directory/core';

/** Site-wide snippets and the four ad slots; admins write them, every public page reads them. */
@Injectable()
export class SettingsService {
  constructor(private readonly em: EntityManager) {}

  async siteSettings(): Promise<Record<SiteSettingKey, string>> {
    const rows = await this.em.find(SiteSettingSchema, {});
    const values = Object.fromEntries(rows.map((r) => [r.key, r.value]));
    return Object.fromEntries(SITE_SETTING_KEYS.map((key) => [key, values[key] ?? ''])) as Record<
      SiteSettingKey,
      string
    >;
  }

  async advertisementCodes(): Promise<Record<AdSlot, string>> {
    const rows = await this.em.find(AdvertisementCodeSchema, {});
    const values = Object.fromEntries(rows.map((r) => [r.slot, r.code]));
    return Object.fromEntries(AD_SLOTS.map((slot) => [slot, values[slot] ?? ''])) as Record<AdSlot, string>;
  }

  /** Saves the keys given; keys left out keep their value. */
  async saveSiteSettings(changes: Partial<Record<SiteSettingKey, string>>) {
    for (const key of SITE_SETTING_KEYS) {
      if (changes[key] === undefined) continue;
      await this.em.upsert(SiteSettingSchema, { key, value: changes[key], updatedAt: new Date() });
    }
    return this.siteSettings();
  }

  /** "Imports need approval" (issue 34): off unless an admin turned it on. */
  async importsNeedApproval(): Promise<boolean> {
    const row = await this.em.findOne(SiteSettingSchema, { key: IMPORT_APPROVAL_KEY });
    return importsNeedApprovalFrom(row?.value);
  }

  async saveImportsNeedApproval(needsApproval: boolean): Promise<boolean> {
    await this.em.upsert(SiteSettingSchema, {
      key: IMPORT_APPROVAL_KEY,
      value: String(needsApproval),
      updatedAt: new Date(),
    });
    return needsApproval;
  }

  async saveAdvertisementCodes(changes: Partial<Record<AdSlot, string>>) {
    const tooBig = AD_SLOTS.filter((slot) => Buffer.byteLength(changes[slot] ?? '', 'utf8') > AD_SLOT_MAX_BYTES);
    if (tooBig.length) {
      throw new BadRequestException(
        tooBig.map((slot) => `${slot} is larger than 50 KB; shorten the code or load the script from its host`),
      );
    }
    for (const slot of AD_SLOTS) {
      if (changes[slot] === undefined) continue;
      await this.em.upsert(AdvertisementCodeSchema, { slot, code: changes[slot], updatedAt: new Date() });
    }
    return this.advertisementCodes();
  }
}
