import type { INestApplication } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import request from 'supertest';
import { refreshAggregates } from '@directory/core';
import { drainOutbox, type OpenedSearch } from '@directory/search';
import { createSuiteDatabase } from '../../../testing/database.js';
import { createApp } from '../app.factory.js';
import { SEARCH } from '../search/search-engine.module.js';
import { PublicCacheService } from '../cache/public-cache.service.js';

export interface TestApp {
  app: INestApplication;
  orm: MikroORM;
  /** Closes the app and drops the suite's database. */
  close: () => Promise<void>;
}

/** The real api on a database of the suite's own (cloned from the run's template), with no port bound. */
export async function startTestApp(root?: object): Promise<TestApp> {
  const database = await createSuiteDatabase();
  process.env.DATABASE_URL = database.url;
  const app = await createApp(root);
  await app.init();
  const orm = app.get<MikroORM>(MikroORM);
  return {
    app,
    orm,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

export interface FixtureBusiness {
  name: string;
  slug: string;
  category?: string | null;
  city?: string | null;
  country?: string | null;
  countryCode?: string | null;
  rating?: number | null;
  reviews?: number;
  approved?: boolean;
  workingHours?: string | null;
  about?: string | null;
  latitude?: number | null;
  longitude?: number | null;
  placeId?: string | null;
  photo?: string | null;
  timeZone?: string | null;
  /** Its website (businesses.url). */
  website?: string | null;
}

/**
 * Inserts businesses the way imports store them (slugs of category and city derived), then does what the
 * worker does after a write: refreshes the counts and drains the search outbox into the engine.
 */
export async function insertBusinesses(t: TestApp, businesses: FixtureBusiness[]): Promise<void> {
  const { slugify, weekMinutesOf } = await import('@directory/core');
  const em = t.orm.em.fork();
  for (const b of businesses) {
    await em.execute(
      `insert into businesses (name, slug, category, category_slug, city, city_slug, country, country_code, rating,
         reviews, is_approved, working_hours, about, latitude, longitude, place_id, photo, time_zone, open_minutes,
         unlisted_minutes, url)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::int4multirange, ?::int4multirange, ?)`,
      [
        b.name,
        b.slug,
        b.category ?? null,
        slugify(b.category) || null,
        b.city ?? null,
        slugify(b.city) || null,
        b.country ?? null,
        b.countryCode ?? null,
        b.rating ?? null,
        b.reviews ?? 0,
        b.approved ?? true,
        b.workingHours ?? null,
        b.about ?? null,
        b.latitude ?? null,
        b.longitude ?? null,
        b.placeId ?? null,
        b.photo ?? null,
        b.timeZone ?? null,
        weekMinutesOf(b.workingHours ?? null).open,
        weekMinutesOf(b.workingHours ?? null).unlisted,
        b.website ?? null,
      ],
    );
  }
  await refreshAggregates(em);
  await syncSearch(t);
}

/**
 * Applies pending business changes to the search index, as the worker's sync job does, and like it
 * invalidates the cached public answers.
 */
export async function syncSearch(t: TestApp): Promise<void> {
  const { pool, engine } = t.app.get<OpenedSearch>(SEARCH);
  // A running worker may hold the drain (ours then returns at once, its changes not yet applied): wait for a turn.
  while (!(await drainOutbox(pool, engine)).ran) await new Promise((resolve) => setTimeout(resolve, 20));
  await t.app.get(PublicCacheService).invalidate('catalogue');
}

/** Signs in as the first admin (the demo credentials every test database starts with); answers the cookie. */
export async function signIn(app: INestApplication): Promise<string[]> {
  const login = await request(app.getHttpServer())
    .post('/api/admin/login')
    .send({ username: 'admin', password: 'admin-demo-password' })
    .expect(200);
  return login.headers['set-cookie'] as unknown as string[];
}
