#!/usr/bin/env bash
# A throw-away PostgreSQL cluster on loopback, for running the API tests against a real server.
#
#   export TEST_DATABASE_URL="$(scripts/pg-test-cluster.sh start)"
#   npm run test:unit
#   scripts/pg-test-cluster.sh stop
#
# `start` prints only the connection URL on stdout (progress goes to stderr), so it can be captured.
# The cluster lives in a temporary directory (trust auth, no fsync) and `stop` deletes it.
# PG_BIN overrides where initdb and pg_ctl are found; PG_TEST_STATE the file that remembers the cluster.
set -euo pipefail

repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
state_file="${PG_TEST_STATE:-$repo_root/data/pg-test-cluster.env}"

log() { printf '%s\n' "$*" >&2; }

find_pg_bin() {
  if [ -n "${PG_BIN:-}" ]; then
    printf '%s\n' "$PG_BIN"
    return
  fi
  # Debian keeps each major version apart; take the newest.
  local newest
  newest="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)"
  if [ -n "$newest" ] && [ -x "$newest/initdb" ]; then
    printf '%s\n' "$newest"
    return
  fi
  if command -v pg_config >/dev/null 2>&1 && [ -x "$(pg_config --bindir)/initdb" ]; then
    pg_config --bindir
    return
  fi
  if command -v initdb >/dev/null 2>&1; then
    dirname "$(command -v initdb)"
    return
  fi
  log "PostgreSQL server binaries (initdb, pg_ctl) not found; install PostgreSQL or set PG_BIN."
  exit 1
}

# PostgreSQL refuses to run as root, so root hands the cluster to the postgres account.
as_pg() {
  if [ "$(id -u)" = 0 ]; then
    su postgres -s /bin/sh -c "$1"
  else
    sh -c "$1"
  fi
}

free_port() {
  node -e "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close();});"
}

cluster_running() {
  [ -f "$state_file" ] || return 1
  # shellcheck disable=SC1090
  . "$state_file"
  [ -d "${PG_TEST_DIR:-}/data" ] && as_pg "'$PG_TEST_BIN/pg_ctl' -D '$PG_TEST_DIR/data' status" >/dev/null 2>&1
}

start() {
  if cluster_running; then
    log "PostgreSQL test cluster already running in $PG_TEST_DIR (port $PG_TEST_PORT)."
    printf '%s\n' "$PG_TEST_URL"
    return
  fi
  local bin dir port url
  bin="$(find_pg_bin)"
  dir="$(mktemp -d "${TMPDIR:-/tmp}/pg-test-cluster.XXXXXX")"
  chmod 700 "$dir"
  if [ "$(id -u)" = 0 ]; then
    chown postgres: "$dir"
  fi
  port="$(free_port)"
  url="postgres://postgres@127.0.0.1:$port/postgres"

  log "initdb in $dir/data ($bin)"
  if ! as_pg "'$bin/initdb' -D '$dir/data' -A trust -U postgres --no-sync" >"$dir/initdb.log" 2>&1; then
    cat "$dir/initdb.log" >&2
    rm -rf "$dir"
    exit 1
  fi
  log "starting PostgreSQL on 127.0.0.1:$port"
  if ! as_pg "'$bin/pg_ctl' -D '$dir/data' -w -t 60 -o \"-p $port -k '$dir' -c listen_addresses=127.0.0.1 -c fsync=off\" -l '$dir/log' start" >&2; then
    cat "$dir/log" >&2 || true
    rm -rf "$dir"
    exit 1
  fi

  mkdir -p "$(dirname "$state_file")"
  {
    printf 'PG_TEST_DIR=%q\n' "$dir"
    printf 'PG_TEST_BIN=%q\n' "$bin"
    printf 'PG_TEST_PORT=%q\n' "$port"
    printf 'PG_TEST_URL=%q\n' "$url"
  } >"$state_file"
  printf '%s\n' "$url"
}

stop() {
  if [ ! -f "$state_file" ]; then
    log "No PostgreSQL test cluster recorded in $state_file; nothing to stop."
    return
  fi
  # shellcheck disable=SC1090
  . "$state_file"
  if [ -d "${PG_TEST_DIR:-}/data" ]; then
    log "stopping PostgreSQL test cluster in $PG_TEST_DIR"
    as_pg "'$PG_TEST_BIN/pg_ctl' -D '$PG_TEST_DIR/data' -m fast -w stop" >&2 || true
  fi
  if [ -n "${PG_TEST_DIR:-}" ]; then
    rm -rf "$PG_TEST_DIR"
  fi
  rm -f "$state_file"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  url)
    if cluster_running; then printf '%s\n' "$PG_TEST_URL"; else log "not running"; exit 1; fi
    ;;
  *)
    log "usage: $0 start|stop|url"
    exit 2
    ;;
esac
