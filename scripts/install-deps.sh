#!/usr/bin/env bash
# Installs everything the project needs to build and test on Debian 12, as root (or with
# sudo). Idempotent: safe to run again; it only adds what is missing.
#   C++: CLI11, nlohmann/json, Boost.Graph, fmt, Catch2 v2, Google Benchmark, simdjson (Debian)
#   tests: ajv-cli (npm, pinned in package-lock.json) to validate JSON against schemas/;
#          chromium (headless) and python3 for the browser test of the replay page
#   many games: GNU parallel, rsync (its --transferfile/--return), jq; openssh-server for
#   the multi-host test, which starts its own sshd on a loopback port: the system's SSH
#   service is installed without being started or enabled
#   GNU time for the peak-memory test, python3 for the bad-input suite
#   docs: help2man (each tool's man page is generated from its --help at build time)
#   the Python module (python/, docs/python.md): pybind11 and python3's development files to
#   build it, numpy for its arrays, pytest for its tests
set -euo pipefail
cd "$(dirname "$0")/.."

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

packages=(build-essential cmake pkg-config
          libcli11-dev nlohmann-json3-dev libboost-graph-dev libfmt-dev catch2 libbenchmark-dev
          libsimdjson-dev
          librsvg2-bin help2man
          chromium python3 parallel rsync jq openssh-client openssh-server time
          pybind11-dev python3-dev python3-pybind11 python3-numpy python3-pytest)
# Node.js and npm for the test-only schema validator; keep a Node.js that is already there.
if ! command -v npm >/dev/null 2>&1; then packages+=(nodejs npm); fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
done
if [ "${#missing[@]}" -gt 0 ]; then
  echo "install-deps: installing ${missing[*]}" >&2
  $SUDO apt-get update -qq
  # No service may start during the installation (openssh-server would start sshd on
  # port 22): a policy-rc.d that refuses every start, removed afterwards.
  policy_added=""
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    printf '#!/bin/sh\nexit 101\n' | $SUDO tee /usr/sbin/policy-rc.d >/dev/null
    $SUDO chmod 755 /usr/sbin/policy-rc.d
    policy_added=1
  fi
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  if [ -n "$policy_added" ]; then $SUDO rm -f /usr/sbin/policy-rc.d; fi
  # and where systemd runs, the unit stays disabled and stopped
  if command -v systemctl >/dev/null 2>&1 && [ -d /run/systemd/system ]; then
    $SUDO systemctl disable --now ssh.service ssh.socket >/dev/null 2>&1 || true
  fi
fi

if [ ! -x node_modules/.bin/ajv ]; then
  echo "install-deps: installing the npm test tools (package-lock.json)" >&2
  npm ci --no-audit --no-fund --loglevel=error >/dev/null
fi
echo "install-deps: all dependencies present" >&2
