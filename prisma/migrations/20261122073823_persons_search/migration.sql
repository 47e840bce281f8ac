-- Persons list (GET /api/v1/persons/, docs/decisions/0009-persons-api.md): ordering indexes and
-- the search column. search_text is lower-case ASCII without diacritics, every word preceded by
-- a space, so a trigram index answers "a word begins with …" (LIKE '% novak%'). It is written by
-- a trigger on every insert and update, whoever writes the person (staff, portal, partners, CRM).

-- AlterTable
ALTER TABLE "persons" ADD COLUMN     "search_text" TEXT NOT NULL DEFAULT '';

-- Folding of one part: Czech and Slovak (and German) letters to ASCII, lower case, anything but
-- letters and digits to single spaces. The same as foldForSearch() in the API for the query;
-- translate() first, because lower() leaves Č alone in a database created with the C locale.
CREATE FUNCTION "persons_fold"(value TEXT) RETURNS TEXT
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT btrim(regexp_replace(lower(translate(coalesce(value, ''),
    'áäčďéěíĺľňóôöŕřšťúůüýžÁÄČĎÉĚÍĹĽŇÓÔÖŔŘŠŤÚŮÜÝŽ',
    'aacdeeillnooorrstuuuyzaacdeeillnooorrstuuuyz')), '[^a-z0-9]+', ' ', 'g'))
$$;

-- Names, company name, e-mail, the phone in E.164 digits and without the +420/+421 prefix,
-- birth number and IČO (both stored as digits).
CREATE FUNCTION "persons_search_text_update"() RETURNS TRIGGER
LANGUAGE plpgsql AS $$
BEGIN
  NEW."search_text" := ' ' || btrim(regexp_replace(concat_ws(' ',
    "persons_fold"(NEW."first_name"),
    "persons_fold"(NEW."last_name"),
    "persons_fold"(NEW."company_name"),
    "persons_fold"(NEW."email"),
    regexp_replace(coalesce(NEW."phone_e164", NEW."phone", ''), '[^0-9]', '', 'g'),
    regexp_replace(regexp_replace(coalesce(NEW."phone_e164", ''), '^\+42[01]', ''), '[^0-9]', '', 'g'),
    "persons_fold"(NEW."birth_number"),
    "persons_fold"(NEW."company_id")
  ), ' +', ' ', 'g'));
  RETURN NEW;
END
$$;

CREATE TRIGGER "persons_search_text_trg" BEFORE INSERT OR UPDATE ON "persons"
FOR EACH ROW EXECUTE FUNCTION "persons_search_text_update"();

-- Persons written before this migration.
UPDATE "persons" SET "search_text" = '';

-- CreateIndex
CREATE INDEX "persons_first_name_idx" ON "persons"("first_name");

-- CreateIndex
CREATE INDEX "persons_created_at_idx" ON "persons"("created_at");

-- CreateIndex
CREATE INDEX "persons_updated_at_idx" ON "persons"("updated_at");

-- CreateIndex
CREATE INDEX "persons_search_text_trgm_idx" ON "persons" USING GIN ("search_text" gin_trgm_ops);
