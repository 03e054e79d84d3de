CREATE TABLE "search_term_days" (
	"lang" text NOT NULL,
	"day" date NOT NULL,
	"term" text NOT NULL,
	"searches" integer NOT NULL,
	CONSTRAINT "search_term_days_pk" PRIMARY KEY("lang","day","term"),
	CONSTRAINT "search_term_days_searches_check" CHECK ("search_term_days"."searches" > 0),
	CONSTRAINT "search_term_days_term_check" CHECK (char_length("search_term_days"."term") between 1 and 40)
);
--> statement-breakpoint
CREATE INDEX "search_term_days_day_idx" ON "search_term_days" USING btree ("day");