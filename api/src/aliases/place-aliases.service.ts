import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { aliasKey, slugify } from '@directory/core';

export type AliasKind = 'city' | 'category' | 'country';

/**
 * The canonical slug an other address of a page leads to (place_aliases, written by the canonicalisation of
 * imports and `npm run places:backfill`): another spelling, an old slug, the slug without accents.
 */
@Injectable()
export class PlaceAliasesService {
  constructor(private readonly em: EntityManager) {}

  async canonicalSlug(kind: AliasKind, slug: string, countryCode = ''): Promise<string | null> {
    const key = aliasKey(slugify(slug));
    if (!key) return null;
    const [row] = await this.em.execute<{ slug: string }[]>(
      'select slug from place_aliases where kind = ? and country_code = ? and alias = ?',
      [kind, countryCode, key],
    );
    return row && row.slug !== slugify(slug) ? row.slug : null;
  }
}
