#!/bin/sh
# Starts the Auth emulator; imports the accounts saved in /data when there are any, saves them again on exit.
set -eu
if [ -f /data/firebase-export-metadata.json ]; then set -- --import /data; else set --; fi
exec firebase emulators:start --only auth --project "${FIREBASE_PROJECT_ID}" "$@" --export-on-exit /data
