#!/bin/sh
# First start on an empty PGDATA: initdb with POSTGRES_USER as superuser and POSTGRES_PASSWORD, then POSTGRES_DB.
# Every start: `postgres` as PID 1 (it receives docker's stop signal), listening on every interface of the container.
set -eu
if [ "${1:-}" != postgres ]; then exec "$@"; fi
shift
user="${POSTGRES_USER:-postgres}"
db="${POSTGRES_DB:-$user}"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  if [ -z "${POSTGRES_PASSWORD:-}" ]; then
    echo 'POSTGRES_PASSWORD is empty: set it (docker-compose.yml takes it from .env).' >&2
    exit 1
  fi
  pwfile="$(mktemp)"
  printf '%s\n' "$POSTGRES_PASSWORD" >"$pwfile"
  initdb -D "$PGDATA" -U "$user" --pwfile="$pwfile" -E UTF8 --locale=C.UTF-8 \
    --auth-local=trust --auth-host=scram-sha-256 >/dev/null
  rm -f "$pwfile"
  echo 'host all all all scram-sha-256' >>"$PGDATA/pg_hba.conf"
  echo "listen_addresses = '*'" >>"$PGDATA/postgresql.conf"
  if [ "$db" != postgres ]; then
    # A private socket and no TCP while the database is made, so nothing (the healthcheck included) sees it early.
    sock="$(mktemp -d)"
    pg_ctl -D "$PGDATA" -w -s -o "-c listen_addresses='' -c unix_socket_directories=$sock" start
    createdb -h "$sock" -U "$user" "$db"
    pg_ctl -D "$PGDATA" -w -s -m fast stop
    rm -rf "$sock"
  fi
  echo "PostgreSQL initialised: user $user, database $db" >&2
fi
exec postgres -D "$PGDATA" "$@"
