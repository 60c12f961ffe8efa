#!/usr/bin/env bash
# What the tests need from the system, installed when missing and this runs as root on a Debian-like machine:
# - Chromium: browser tests and the bench's board figure drive Debian's Chromium through playwright-core (never a
#   downloaded browser). Required: without it, says what to do and fails.
# - nginx (nginx-light): the compose gateway's config is also run in the real nginx (tests/src/deploy). Optional: if it
#   cannot be installed, those tests skip and print why.
set -euo pipefail

is_root_apt() { [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; }
updated=no
apt_install() {
  if [ "$updated" = no ]; then apt-get update -qq; updated=yes; fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

if [ ! -x /usr/bin/chromium ]; then
  if is_root_apt; then
    echo "Installing Chromium for the browser tests (apt-get install chromium)..."
    apt_install chromium
  else
    echo "Browser tests need Chromium at /usr/bin/chromium: run 'sudo apt-get install chromium'." >&2
    exit 1
  fi
fi

if ! command -v nginx >/dev/null 2>&1 && [ ! -x /usr/sbin/nginx ] && is_root_apt; then
  echo "Installing nginx for the gateway tests (apt-get install nginx-light)..."
  # The package would start an nginx daemon on port 80; the tests run their own. A policy that forbids starting
  # services during the install is added only if the machine has none, and removed after.
  policy=/usr/sbin/policy-rc.d
  added_policy=no
  if [ ! -e "$policy" ]; then
    printf '#!/bin/sh\nexit 101\n' >"$policy" && chmod +x "$policy" && added_policy=yes
  fi
  apt_install nginx-light || echo "Could not install nginx-light: the real-nginx gateway tests will skip." >&2
  if [ "$added_policy" = yes ]; then rm -f "$policy"; fi
fi
