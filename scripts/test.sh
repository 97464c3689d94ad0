#!/usr/bin/env bash
# `npm test`: every check — types, lint, module boundaries, unit, integration on PostgreSQL (DATABASE_URL's
# server when set, else an embedded one), locale parity, and browser journeys in Debian's
# Chromium (installed with apt-get when missing).
set -euo pipefail
cd "$(dirname "$0")/.."

# Each step's heading says how long the run has taken so far, so a slow step shows in CI's log.
step() { printf '\n\033[1m== %s\033[0m (at %dm%02ds)\n' "$*" $((SECONDS / 60)) $((SECONDS % 60)); }

export CHROMIUM_PATH="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ ! -x "$CHROMIUM_PATH" ]; then
  step "installing Debian's chromium for the browser journeys"
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi

step "types (tsc -b: every workspace, strict)"
npx tsc -b

step "lint and format (biome)"
npx biome check .

step "module boundaries (scripts/architecture/check-boundaries.mjs)"
node scripts/architecture/check-boundaries.mjs

step "web production build"
(cd apps/web && npx vite build --logLevel warn)

step "unit and integration tests (vitest, real PostgreSQL)"
npx vitest run

step "browser journeys (playwright, chromium)"
(cd e2e && npx playwright test)

step "all checks passed"
