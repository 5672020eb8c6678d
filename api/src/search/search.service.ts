import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import { pageInfo, SEARCH_MAX_PAGE, slugify, type SuggestAnswer } from '@directory/core';
import { placeAfterConnector, type SearchEngine, type SearchQuery } from '@directory/search';
import { hitToListing } from '../common/listing.js';
import { searchAlternatives } from './alternatives.js';
import { parseBbox } from './bbox.js';
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

  /** The engine's suggestions, and for "pizza in zu" the cities "zu" begins, each a search of "pizza" there. */
  async suggest(q: string, limit: number): Promise<SuggestAnswer> {
    const split = placeAfterConnector(q);
    const [found, places] = await Promise.all([
      this.engine.suggest(q, limit),
      split ? this.engine.suggest(split.place, limit) : null,
    ]);
    return { ...found, searchesIn: (places?.cities ?? []).map((city) => ({ q: split!.sought, city })) };
  }
}

/** The rules that involve two parameters; each single parameter was checked by the DTO. */
function toEngineQuery(dto: SearchQueryDto): SearchQuery {
  const problems: string[] = [];
  if ((dto.lat === undefined) !== (dto.lng === undefined)) problems.push('lat and lng must be given together');
  if (dto.radiusKm !== undefined && dto.lat === undefined) problems.push('radiusKm needs lat and lng');
  if (dto.sort === 'distance' && dto.lat === undefined) problems.push('sort=distance needs lat and lng');
  const bounds = dto.bbox === undefined ? undefined : parseBbox(dto.bbox);
  if (typeof bounds === 'string') problems.push(bounds);
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
    bounds: bounds as Exclude<typeof bounds, string>,
    sort: dto.sort,
    page: dto.page,
    limit: dto.limit,
  };
}
