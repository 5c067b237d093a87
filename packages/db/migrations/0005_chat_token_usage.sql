CREATE TABLE "chat_token_usage" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"chat_id" uuid,
	"prompt_tokens" integer NOT NULL,
	"completion_tokens" integer NOT NULL,
	"estimated" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_token_usage" ADD CONSTRAINT "chat_token_usage_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_token_usage" ADD CONSTRAINT "chat_token_usage_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_token_usage_user_created_idx" ON "chat_token_usage" USING btree ("user_id","created_at");--> statement-breakpoint
-- Every stored reply so far counts as it did, so the day's use doesn't reset on upgrade.
INSERT INTO "chat_token_usage" ("user_id", "chat_id", "prompt_tokens", "completion_tokens", "estimated", "created_at")
SELECT "user_id", "chat_id", "prompt_tokens", "completion_tokens", "usage_estimated", "created_at"
FROM "chat_messages"
WHERE "role" = 'assistant';
