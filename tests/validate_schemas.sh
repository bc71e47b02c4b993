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
# One ajv process per schema, not per file (starting Node.js costs about a second): the
# outputs are queued under their schema (a copy, since some outputs reuse a file name) and
# validated together at the end by flush_queue.
queue="$tmp/queue"
mkdir -p "$queue"
queued=0
validate_ref() {  # validate_ref SCHEMA REFERENCED_SCHEMA FILE...: with a $ref'd schema
  local key="$1+$2"; shift 2
  enqueue "$key" "$@"
}
validate() {  # validate SCHEMA FILE...
  local key="$1+"; shift
  enqueue "$key" "$@"
}
enqueue() {  # enqueue SCHEMA+REF FILE...
  local key=$1 f copy; shift
  for f in "$@"; do
    if [ ! -f "$f" ]; then echo "FAIL ${key%%+*}: $f: no such file"; fail=1; continue; fi
    queued=$((queued + 1))
    copy="$queue/$queued.json"
    cp "$f" "$copy"
    printf '%s\t%s\n' "$copy" "$f" >> "$queue/names"
    printf '%s\n' "$copy" >> "$queue/$key.list"
  done
}
ajv_args() {  # ajv_args SCHEMA+REF: the schema options of one queue
  local schema=${1%%+*} ref=${1#*+}
  printf '%s\n' -s "$src/schemas/$schema"
  if [ -n "$ref" ]; then printf '%s\n' -r "$src/schemas/$ref"; fi
}
original_names() {  # replaces the queued copies' names by the files they were made from
  awk -F'\t' 'NR == FNR { name[$1] = $2; next }
               { for (c in name) if (index($0, c)) { sub(c, name[c]) } print }' "$queue/names" -
}
flush_queue() {
  local list key args=()
  for list in "$queue"/*.list; do
    [ -e "$list" ] || continue
    key=$(basename "$list" .list)
    mapfile -t args < <(ajv_args "$key"; while read -r f; do printf '%s\n' -d "$f"; done < "$list")
    if ! "$ajv" validate --spec=draft2020 --strict=false -c ajv-formats "${args[@]}" \
        >"$tmp/out" 2>&1; then
      echo "FAIL ${key%%+*}:"; grep -v ' valid$' "$tmp/out" | original_names; fail=1
    fi
  done
}
expect_invalid() {  # expect_invalid SCHEMA REF FILE...: each file must FAIL the schema
  local schema=$1 ref=$2 args=() f; shift 2
  mapfile -t args < <(ajv_args "$schema+$ref"; for f in "$@"; do printf '%s\n' -d "$f"; done)
  "$ajv" validate --spec=draft2020 --strict=false -c ajv-formats "${args[@]}" >"$tmp/out" 2>&1 || true
  for f in "$@"; do
    if ! grep -qF "$f invalid" "$tmp/out"; then
      echo "FAIL $schema accepts $f"; fail=1
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
flush_queue
echo "validated $queued files"
[ "$fail" -eq 0 ] && echo "all JSON samples and tool outputs match their schemas"
exit "$fail"
