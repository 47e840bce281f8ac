-- Every run of the close of business with its own figures (issue 22 §3): a second close of a day
-- used to replace the first one's figures in close_of_business. The runs so far are the rows
-- close_of_business holds (one per date: its latest run).
CREATE TABLE "close_of_business_runs" (
    "id" SERIAL NOT NULL,
    "business_date" DATE NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL,
    "finished_at" TIMESTAMPTZ(3),
    "stats" JSONB,

    CONSTRAINT "close_of_business_runs_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "close_of_business_runs_business_date_id_idx" ON "close_of_business_runs"("business_date", "id");

INSERT INTO "close_of_business_runs" ("business_date", "started_at", "finished_at", "stats")
SELECT "business_date", "started_at", "finished_at", "stats" FROM "close_of_business" ORDER BY "business_date";
