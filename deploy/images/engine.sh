#!/usr/bin/env bash
# Makes a Docker engine and Compose v2 available on a Debian 12 machine with no container registry, idempotently:
#   1. docker.io (dockerd 20.10) and debootstrap from Debian bookworm (apt-get);
#   2. the Compose v2 CLI plugin from Debian trixie's `docker-compose` package (2.26, a static binary): bookworm's
#      docker-compose 1.29 cannot read docker-compose.yml (top-level `name`). The .deb is fetched with a private apt
#      state under $CACHE_DIR/apt-trixie (the machine's sources.list is not touched) and unpacked into
#      ~/.docker/cli-plugins;
#   3. dockerd, started in the background when nothing answers, with --iptables=false --ip6tables=false: it adds no
#      firewall or NAT rule (nothing that could disturb loopback PostgreSQL/Redis on the host), containers reach each
#      other on the project's bridge and the host reaches them only through ports published with docker-proxy.
#      The image builds use `--network host` instead of NAT (deploy/images/build.sh).
# Used by `pnpm images` and `pnpm test:compose`. Prints nothing but progress; exits non-zero on failure.
set -euo pipefail

CACHE_DIR="${SNAPNOTES_IMAGE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/snapnotes/images}"
COMPOSE_DEB_VERSION="${COMPOSE_DEB_VERSION:-2.26.1-4}"
log() { printf '[engine] %s\n' "$*" >&2; }
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

need_apt=()
command -v dockerd >/dev/null 2>&1 || need_apt+=(docker.io)
command -v debootstrap >/dev/null 2>&1 || need_apt+=(debootstrap)
if [ "${#need_apt[@]}" -gt 0 ]; then
  log "apt-get install ${need_apt[*]}"
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi

plugin="$HOME/.docker/cli-plugins/docker-compose"
if ! docker compose version >/dev/null 2>&1; then
  apt_dir="$CACHE_DIR/apt-trixie"
  mkdir -p "$apt_dir/lists/partial" "$apt_dir/archives/partial"
  echo 'deb http://deb.debian.org/debian trixie main' >"$apt_dir/sources.list"
  opts=(-o "Dir::Etc::SourceList=$apt_dir/sources.list" -o Dir::Etc::SourceParts=/dev/null
    -o "Dir::State::Lists=$apt_dir/lists" -o "Dir::Cache::Archives=$apt_dir/archives" -o APT::Sandbox::User=root)
  deb="$apt_dir/docker-compose_${COMPOSE_DEB_VERSION}_amd64.deb"
  if [ ! -s "$deb" ]; then
    log "fetching docker-compose $COMPOSE_DEB_VERSION from Debian trixie"
    apt-get "${opts[@]}" update -qq
    (cd "$apt_dir" && apt-get "${opts[@]}" download "docker-compose=$COMPOSE_DEB_VERSION" >/dev/null)
  fi
  tmp="$(mktemp -d)"
  dpkg-deb -x "$deb" "$tmp"
  mkdir -p "$(dirname "$plugin")"
  install -m 0755 "$tmp/usr/libexec/docker/cli-plugins/docker-compose" "$plugin"
  rm -rf "$tmp"
fi
log "$(docker compose version)"

if ! docker info >/dev/null 2>&1; then
  log 'starting dockerd (--iptables=false; log: /tmp/dockerd.log)'
  as_root sh -c 'nohup dockerd --iptables=false --ip6tables=false >/tmp/dockerd.log 2>&1 &'
  for _ in $(seq 1 60); do docker info >/dev/null 2>&1 && break; sleep 0.5; done
  docker info >/dev/null 2>&1 || { log 'dockerd did not answer within 30 s: see /tmp/dockerd.log'; exit 1; }
fi
log "engine $(docker version --format '{{.Server.Version}}'), storage $(docker info --format '{{.Driver}}')"
