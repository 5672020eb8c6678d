import { Migration } from '@mikro-orm/migrations';

/**
 * The amenities a business has, as text the search matches ("wheelchair accessible", "outdoor seating"): the names
 * set to true in the groups of its `about`, as core's trueAmenities lists them (a JSON array's text: the search cuts
 * words at its quotes and commas). Every writer stores `about` as
 * canonical JSON (core's canonicalAbout), so reading it as JSON here reads what the detail page reads; a value that is
 * not JSON (text, or rows stored before) has none. Parallel unsafe: its exception block starts a subtransaction.
 */
export class Migration20261127000061SearchAmenityWords extends Migration {
  override up(): void {
    this.addSql(`
      create or replace function search_amenity_words(about text) returns text
        language plpgsql immutable parallel unsafe
        as $$
        begin
          if about is null or left(ltrim(about), 1) <> '{' then return null; end if;
          return jsonb_path_query_array(about::jsonb, '$.* ? (@.type() == "object").keyvalue() ? (@.value == true).key')::text;
        exception when invalid_text_representation then
          return null;
        end $$`);
  }
}
