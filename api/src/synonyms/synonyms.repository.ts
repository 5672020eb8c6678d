import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { type SearchSynonym, SYNONYM_RULES as RULES } from '@directory/core';

interface SynonymRow {
  id: number;
  phrase: string;
  means: string;
  updated_at: Date;
}

const toSynonym = (row: SynonymRow): SearchSynonym => ({
  id: row.id,
  phrase: row.phrase,
  means: row.means,
  updatedAt: new Date(row.updated_at).toISOString(),
});

/** The search_synonyms table (migration SearchSynonyms): the rules the search documents are built with. */
@Injectable()
export class SynonymsRepository {
  constructor(private readonly em: EntityManager) {}

  async list(): Promise<SearchSynonym[]> {
    const rows = await this.em.execute<SynonymRow[]>(
      `select id, phrase, means, updated_at from search_synonyms order by search_fold(phrase), search_fold(means), id`,
    );
    return rows.map(toSynonym);
  }

  async create(phrase: string, means: string): Promise<SearchSynonym> {
    const [row] = await this.guarded(phrase, means, () =>
      this.em.execute<SynonymRow[]>(
        `insert into search_synonyms (phrase, means) values (?, ?) returning id, phrase, means, updated_at`,
        [phrase, means],
      ),
    );
    return toSynonym(row);
  }

  async update(id: number, phrase: string, means: string): Promise<SearchSynonym> {
    const [row] = await this.guarded(phrase, means, () =>
      this.em.execute<SynonymRow[]>(
        `update search_synonyms set phrase = ?, means = ?, updated_at = now() where id = ?
         returning id, phrase, means, updated_at`,
        [phrase, means, id],
      ),
    );
    if (!row) throw new NotFoundException(RULES.notFound);
    return toSynonym(row);
  }

  async remove(id: number): Promise<SearchSynonym> {
    const [row] = await this.em.execute<SynonymRow[]>(
      `delete from search_synonyms where id = ? returning id, phrase, means, updated_at`,
      [id],
    );
    if (!row) throw new NotFoundException(RULES.notFound);
    return toSynonym(row);
  }

  /** A rule whose two sides fold alike means nothing; one that exists already is a conflict. */
  private async guarded<T>(phrase: string, means: string, write: () => Promise<T>): Promise<T> {
    const [{ same }] = await this.em.execute<{ same: boolean }[]>(
      `select search_fold_words(?) = search_fold_words(?) as same`,
      [phrase, means],
    );
    if (same) throw new BadRequestException([RULES.same]);
    try {
      return await write();
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw new ConflictException(RULES.duplicate);
      throw error;
    }
  }
}
