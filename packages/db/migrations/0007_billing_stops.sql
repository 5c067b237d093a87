CREATE TABLE "billing_stops" (
	"provider" text NOT NULL,
	"provider_subscription_id" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_stops_provider_provider_subscription_id_pk" PRIMARY KEY("provider","provider_subscription_id")
);
--> statement-breakpoint
CREATE INDEX "billing_stops_due_idx" ON "billing_stops" USING btree ("provider","next_attempt_at");