#!/usr/bin/env bash
# Restores a backup made by scripts/db-backup.sh into an EMPTY database: `scripts/db-restore.sh FILE TARGET_URL`.
# One transaction: a restore that fails leaves the target empty. Then check it: DATABASE_URL=TARGET_URL npm run
# ledger:check (docs/operations.md).
set -euo pipefail
file="${1:?usage: scripts/db-restore.sh FILE TARGET_URL}"
target="${2:?usage: scripts/db-restore.sh FILE TARGET_URL}"
tables=$(psql "$target" -Atqc "select count(*) from pg_tables where schemaname not in ('pg_catalog', 'information_schema')")
if [ "$tables" != 0 ]; then
  echo "db-restore: the target database already has $tables tables; restore into an empty one" >&2
  exit 1
fi
started=$(date +%s)
pg_restore --exit-on-error --single-transaction --no-owner --no-privileges --dbname="$target" "$file"
printf 'db-restore: %s restored in %ss\n' "$file" "$(($(date +%s) - started))" >&2
