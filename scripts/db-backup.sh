#!/usr/bin/env bash
# A backup of a running deployment's PostgreSQL database: `scripts/db-backup.sh FILE [pg_dump options…]`.
# pg_dump reads one consistent snapshot while the instances keep writing; the custom format restores with
# scripts/db-restore.sh (pg_restore). DATABASE_URL names the database. docs/operations.md has the whole routine.
set -euo pipefail
file="${1:?usage: scripts/db-backup.sh FILE [pg_dump options…]}"
shift
: "${DATABASE_URL:?set DATABASE_URL to the database to back up}"
started=$(date +%s)
# No owners or grants in the file: it restores into any cluster, under whichever role restores it.
pg_dump --format=custom --compress=6 --no-owner --no-privileges --file="$file.partial" "$@" "$DATABASE_URL"
mv "$file.partial" "$file"
printf 'db-backup: %s (%s bytes) in %ss\n' "$file" "$(stat -c %s "$file")" "$(($(date +%s) - started))" >&2
