#!/usr/bin/env bash
# Browser tests and the bench's board figure drive Debian's Chromium through playwright-core (never a downloaded browser). Installs it when it is
# missing and this runs as root on a Debian-like machine; otherwise says what to do.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Chromium for the browser tests (apt-get install chromium)..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
else
  echo "Browser tests need Chromium at /usr/bin/chromium: run 'sudo apt-get install chromium'." >&2
  exit 1
fi
