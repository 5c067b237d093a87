-- A plan's feature line becomes {text, products}: the products it promises, so pricing and checkout follow what the
-- deployment offers. Stored strings become {text}; lines nobody edited since the seed get the seed's new lines.
UPDATE "plans" SET "features" = (
  SELECT coalesce(jsonb_agg(CASE WHEN jsonb_typeof(line) = 'string' THEN jsonb_build_object('text', line) ELSE line END ORDER BY position), '[]'::jsonb)
  FROM jsonb_array_elements("features") WITH ORDINALITY AS lines(line, position)
);
--> statement-breakpoint
UPDATE "plans" SET "features" = seeded.new_lines
FROM (VALUES
  ('free', '[{"text":"2,000 tokens to try every tool"},{"text":"14 days"}]'::jsonb,
    '[{"text":"2,000 tokens to try every tool"},{"text":"14 days"}]'::jsonb),
  ('ai-detector-basic', '[{"text":"AI, humanized and copyright detection"},{"text":"Writing analysis"},{"text":"History of every run"}]'::jsonb,
    '[{"text":"AI, humanized and copyright detection","products":["ai-detector","humanized-text-detector","copyright-detector"]},{"text":"Writing analysis","products":["writing-analysis"]},{"text":"Secure LLM Chat and Document Redactor","products":["secure-llm","document-redactor"]},{"text":"History of every run"}]'::jsonb),
  ('ai-detector-pro', '[{"text":"Everything in Basic"},{"text":"Sentence-level highlights"},{"text":"Website scanner"}]'::jsonb,
    '[{"text":"Everything in Basic","products":["ai-detector","humanized-text-detector","copyright-detector","writing-analysis","secure-llm","document-redactor"]},{"text":"5× the tokens and 4× the words per check"},{"text":"Website scanner","products":["seo-scanner"]}]'::jsonb),
  ('stealth-ai-starter', '[{"text":"Stealth AI writer"},{"text":"Content enhancer"},{"text":"AI humanizer"}]'::jsonb,
    '[{"text":"Stealth AI writer","products":["stealth-ai-writer"]},{"text":"Content enhancer","products":["content-enhancer"]},{"text":"AI humanizer","products":["content-humanizer"]}]'::jsonb),
  ('stealth-ai-unlimited', '[{"text":"Everything in Stealth Starter"},{"text":"Unlimited tokens"}]'::jsonb,
    '[{"text":"Everything in Stealth Starter","products":["stealth-ai-writer","content-enhancer","content-humanizer"]},{"text":"Unlimited tokens"}]'::jsonb),
  ('api-agent-starter', '[{"text":"Every tool over the REST API"},{"text":"API keys"},{"text":"60 requests per minute"}]'::jsonb,
    '[{"text":"Every tool over the REST API","products":["public-api"]},{"text":"API keys","products":["public-api"]},{"text":"60 requests per minute","products":["public-api"]}]'::jsonb)
) AS seeded(family, old_lines, new_lines)
WHERE coalesce("plans"."family", "plans"."slug") = seeded.family AND "plans"."features" = seeded.old_lines;
--> statement-breakpoint
UPDATE "plans" SET "features" = jsonb_set("features", '{2}', '{"text":"Every AI detection tool","products":["ai-detector","humanized-text-detector","copyright-detector"]}'::jsonb)
WHERE "slug" LIKE 'licence-tier-%' AND "features" -> 2 = '{"text":"Every AI detection tool"}'::jsonb;
