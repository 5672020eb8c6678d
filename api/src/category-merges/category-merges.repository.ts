import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { type CategoryMerge, CATEGORY_MERGE_RULES as RULES, categoryKey } from '@directory/core';

interface MergeRow {
  id: number;
  spelling: string;
  into_category: string;
  created_at: Date;
}

const toMerge = (row: MergeRow): CategoryMerge => ({
  id: row.id,
  spelling: row.spelling,
  into: row.into_category,
  createdAt: new Date(row.created_at).toISOString(),
});

/** The category_merges table (migration CategoryMerges): spellings every canonicalisation stores under a category. */
@Injectable()
export class CategoryMergesRepository {
  constructor(private readonly em: EntityManager) {}

  async list(): Promise<CategoryMerge[]> {
    const rows = await this.em.execute<MergeRow[]>(
      `select id, spelling, into_category, created_at from category_merges order by lower(into_category), lower(spelling), id`,
    );
    return rows.map(toMerge);
  }

  /**
   * A merge joins two categories the rules keep apart, one step: the spelling may not already be the category,
   * the target may not itself be merged elsewhere, and a target of other merges may not be merged away.
   */
  async create(spelling: string, into: string): Promise<CategoryMerge> {
    const spellingKey = categoryKey(spelling);
    const intoKey = categoryKey(into);
    if (spellingKey === intoKey) throw new BadRequestException([RULES.same]);
    const [chain] = await this.em.execute<{ into_merged: boolean; spelling_is_target: boolean }[]>(
      `select exists (select 1 from category_merges where spelling_key = ?) as into_merged,
              exists (select 1 from category_merges where into_key = ?) as spelling_is_target`,
      [intoKey, spellingKey],
    );
    if (chain.into_merged) throw new BadRequestException([RULES.intoMerged]);
    if (chain.spelling_is_target) throw new BadRequestException([RULES.spellingIsTarget]);
    try {
      const [row] = await this.em.execute<MergeRow[]>(
        `insert into category_merges (spelling, spelling_key, into_category, into_key) values (?, ?, ?, ?)
         returning id, spelling, into_category, created_at`,
        [spelling, spellingKey, into, intoKey],
      );
      return toMerge(row);
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw new ConflictException(RULES.duplicate);
      throw error;
    }
  }

  async remove(id: number): Promise<CategoryMerge> {
    const [row] = await this.em.execute<MergeRow[]>(
      `delete from category_merges where id = ? returning id, spelling, into_category, created_at`,
      [id],
    );
    if (!row) throw new NotFoundException(RULES.notFound);
    return toMerge(row);
  }
}
