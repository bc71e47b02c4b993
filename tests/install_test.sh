#!/usr/bin/env bash
# Installs the build into a temporary prefix and builds a program against the exported
# CMake package. Usage: install_test.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$1 build=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cmake --install "$build" --prefix "$tmp/prefix" >/dev/null
test -x "$tmp/prefix/bin/catan-board"
cmake -S "$src/tests/install_consumer" -B "$tmp/consumer" -DCMAKE_PREFIX_PATH="$tmp/prefix" >/dev/null
cmake --build "$tmp/consumer" >/dev/null
out=$("$tmp/consumer/consumer")
[ "$out" = "vertices 54" ] || { echo "consumer printed '$out'"; exit 1; }
echo "installed package works: $out"
