#!/usr/bin/env bash
# PostgreSQL and Redis on loopback for the suite and for development: installs them from Debian's packages when they
# are missing (as root), starts them when they are down, and prepares the `test` database with a password login.
# Prints the two URLs to export last, so `eval "$(npm run -s services)"` sets them in the calling shell.
# Idempotent: running it again on a machine where both answer changes nothing.
set -euo pipefail

pg_password="${CANDOR_PG_PASSWORD:-candor-test}"
pg_port=5432
redis_port=6379
log() { printf '%s\n' "$*" >&2; }

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo -n "$@"; else
    log "services: '$*' needs root; run this script as root or install the packages yourself"
    return 1
  fi
}

apt_updated=0
apt_install() {
  if [ $apt_updated = 0 ]; then
    log "services: apt-get update"
    as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2
    apt_updated=1
  fi
  log "services: installing $*"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >&2
}

# ── PostgreSQL ──────────────────────────────────────────────────────────────────────────────────────────────────
command -v pg_ctlcluster >/dev/null && ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1 || apt_install postgresql
version="$(ls /etc/postgresql 2>/dev/null | sort -V | tail -n1)"
if [ -z "$version" ]; then
  version="$(ls /usr/lib/postgresql | sort -V | tail -n1)"
  log "services: creating the PostgreSQL $version cluster"
  as_root pg_createcluster "$version" main >&2
fi
if ! pg_isready -q -h 127.0.0.1 -p $pg_port; then
  log "services: starting PostgreSQL $version"
  as_root pg_ctlcluster --skip-systemctl-redirect "$version" main start >&2
  for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p $pg_port && break; sleep 0.5; done
fi
pg_isready -q -h 127.0.0.1 -p $pg_port || { log "services: PostgreSQL did not come up on 127.0.0.1:$pg_port"; exit 1; }

# Debian asks for a password on 127.0.0.1 (scram-sha-256): give `postgres` one rather than loosen pg_hba.conf.
as_postgres() { if [ "$(id -u)" = 0 ]; then su postgres -c "$1"; else sudo -n -u postgres sh -c "$1"; fi; }
if ! PGPASSWORD="$pg_password" psql -h 127.0.0.1 -p $pg_port -U postgres -d postgres -Atqc 'select 1' >/dev/null 2>&1; then
  log "services: setting the postgres user's password"
  as_postgres "psql -p $pg_port -qc \"alter user postgres password '$pg_password'\"" >&2
fi
if [ "$(PGPASSWORD="$pg_password" psql -h 127.0.0.1 -p $pg_port -U postgres -d postgres -Atqc \
  "select 1 from pg_database where datname = 'test'")" != 1 ]; then
  log "services: creating the test database"
  PGPASSWORD="$pg_password" psql -h 127.0.0.1 -p $pg_port -U postgres -d postgres -qc 'create database test' >&2
fi

# ── Redis ───────────────────────────────────────────────────────────────────────────────────────────────────────
command -v redis-server >/dev/null || apt_install redis-server
if ! redis-cli -h 127.0.0.1 -p $redis_port ping >/dev/null 2>&1; then
  log "services: starting Redis"
  # Loopback only, no persistence: a development and test instance.
  redis-server --daemonize yes --bind 127.0.0.1 --port $redis_port --save '' --appendonly no >&2
  for _ in $(seq 1 30); do redis-cli -h 127.0.0.1 -p $redis_port ping >/dev/null 2>&1 && break; sleep 0.2; done
fi
redis-cli -h 127.0.0.1 -p $redis_port ping >/dev/null 2>&1 || { log "services: Redis did not come up"; exit 1; }

log "services: PostgreSQL $version and Redis answer on 127.0.0.1"
echo "export DATABASE_URL=\"\${DATABASE_URL:-postgres://postgres:$pg_password@127.0.0.1:$pg_port/test}\""
echo "export REDIS_URL=\"\${REDIS_URL:-redis://127.0.0.1:$redis_port}\""
