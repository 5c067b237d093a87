CREATE TABLE "chat_reply_leases" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"lease_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_reply_leases" ADD CONSTRAINT "chat_reply_leases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;