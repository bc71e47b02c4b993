#!/usr/bin/env bash
# Validates every JSON sample and every tool's JSON output against its schema with ajv-cli
# (installed by scripts/install-deps.sh). Usage: validate_schemas.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$1 build=$2
ajv="$src/node_modules/.bin/ajv"
if [ ! -x "$ajv" ]; then
  echo "validate_schemas: $ajv missing: run scripts/install-deps.sh" >&2
  exit 1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
validate() {  # validate SCHEMA FILE...
  local schema=$1; shift
  for f in "$@"; do
    if ! "$ajv" validate --spec=draft2020 --strict=false -c ajv-formats -s "$src/schemas/$schema" -d "$f" >"$tmp/out" 2>&1; then
      echo "FAIL $schema: $f"; cat "$tmp/out"; fail=1
    fi
  done
}
# samples
validate board.schema.json "$src"/samples/boards/*.json
# tool output
"$build/tools/catan-board" render --format json > "$tmp/beginner-out.json"
validate board.schema.json "$tmp/beginner-out.json"
# further tools add their outputs in tests/schema_outputs.d/*.sh (sourced here)
for extra in "$src"/tests/schema_outputs.d/*.sh; do
  [ -e "$extra" ] && . "$extra"
done
[ "$fail" -eq 0 ] && echo "all JSON samples and tool outputs match their schemas"
exit "$fail"
