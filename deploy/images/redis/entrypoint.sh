#!/bin/sh
# `redis-server [args]` (or only args): run it as PID 1 without protected mode, which refuses every client not on
# loopback when no password is set. The container is reached only on the project's network (compose publishes no
# port for it), as with the official image.
set -eu
case "${1:-redis-server}" in
  redis-server) [ $# -gt 0 ] && shift; exec redis-server "$@" --protected-mode no ;;
  -*) exec redis-server "$@" --protected-mode no ;;
  *) exec "$@" ;;
esac
