import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import { pageInfo, SEARCH_MAX_PAGE, slugify } from '@directory/core';
import type { SearchEngine, SearchQuery } from '@directory/search';
import { hitToListing } from '../common/listing.js';
import { searchAlternatives } from './alternatives.js';
import { SEARCH_ENGINE } from './search-engine.module.js';
import type { SearchQueryDto } from './search.dto.js';

/** Keyword and location search, facets and autocomplete, all answered by the search engine. */
@Injectable()
export class SearchService {
  constructor(@Inject(SEARCH_ENGINE) private readonly engine: SearchEngine) {}

  async search(dto: SearchQueryDto) {
    const query = toEngineQuery(dto);
    const result = await this.engine.search(query);
    const empty = result.total === 0 && result.page === 1;
    return {
      businesses: result.hits.map(hitToListing),
      ...pageInfo(result.page, result.limit, result.total, SEARCH_MAX_PAGE),
      facets: result.facets,
      /** True when totalCount and the facet counts are exact; false when they are estimates (shown as "about N"). */
      exhaustive: result.exhaustive,
      processingTimeMs: result.processingTimeMs,
      /** Only when nothing was found: what to try instead. */
      alternatives: empty ? await searchAlternatives(this.engine, query) : null,
    };
  }

  suggest(q: string, limit: number) {
    return this.engine.suggest(q, limit);
  }
}

/** The rules that involve two parameters; each single parameter was checked by the DTO. */
function toEngineQuery(dto: SearchQueryDto): SearchQuery {
  const problems: string[] = [];
  if ((dto.lat === undefined) !== (dto.lng === undefined)) problems.push('lat and lng must be given together');
  if (dto.radiusKm !== undefined && dto.lat === undefined) problems.push('radiusKm needs lat and lng');
  if (dto.sort === 'distance' && dto.lat === undefined) problems.push('sort=distance needs lat and lng');
  if (problems.length) throw new BadRequestException(problems);
  return {
    q: dto.q,
    location: dto.location,
    category: dto.category ? slugify(dto.category) : undefined,
    country: dto.country,
    city: dto.city ? slugify(dto.city) : undefined,
    minRating: dto.minRating,
    openNow: dto.openNow,
    lat: dto.lat,
    lng: dto.lng,
    radiusKm: dto.radiusKm,
    sort: dto.sort,
    page: dto.page,
    limit: dto.limit,
  };
}
