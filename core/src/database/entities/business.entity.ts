import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** A business as the 27 export fields of the admin spec §3 describe it, plus visibility and derived slugs. */
export const BusinessSchema = defineEntity({
  name: 'Business',
  tableName: 'businesses',
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    name: p.text(),
    slug: p.text().unique(),
    category: p.text().nullable(),
    type: p.text().nullable(),
    fullAddress: p.text().nullable(),
    street: p.text().nullable(),
    city: p.text().nullable(),
    postalCode: p.text().nullable(),
    country: p.text().nullable(),
    countryCode: p.text().nullable(),
    phone: p.text().nullable(),
    latitude: p.double().nullable(),
    longitude: p.double().nullable(),
    rating: p.double().nullable(),
    reviews: p.integer().default(0),
    reviewsLink: p.text().nullable(),
    photo: p.text().nullable(),
    logo: p.text().nullable(),
    locatedIn: p.text().nullable(),
    /** Raw text as stored; read through parseWorkingHours so malformed values read as absent. */
    workingHours: p.text().nullable(),
    verified: p.boolean().default(false),
    /** Raw text as stored; read through parseAbout. */
    about: p.text().nullable(),
    placeId: p.text().nullable().unique(),
    url: p.text().nullable(),
    isApproved: p.boolean().default(true),
    categorySlug: p.text().nullable(),
    citySlug: p.text().nullable(),
    /** IANA zone (import-only, see Migration20261126000010BusinessTimeZone). */
    timeZone: p.text().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export type Business = InferEntity<typeof BusinessSchema>;
