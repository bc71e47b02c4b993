#!/usr/bin/env bash
# Installs the build into a temporary prefix and builds a program against the exported
# CMake package. Usage: install_test.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$1 build=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cmake --install "$build" --prefix "$tmp/prefix" >/dev/null
test -x "$tmp/prefix/bin/catan-board"
# the public headers by concern, and none of the internal ones (detail/)
test -f "$tmp/prefix/include/catan/engine/state.hpp" || { echo "no public header catan/engine/state.hpp"; exit 1; }
internal=$(find "$tmp/prefix/include" -path '*/detail/*' -o -name '*_impl.hpp' -o -name '*_fast.hpp')
[ -z "$internal" ] || { echo "internal headers installed: $internal"; exit 1; }
# man pages (help2man, from each tool's --help) and bash completion (from each tool's
# CLI11 definition), for every tool
for tool in catan-board catan-place catan-replay catan-import catan-sim catan-roads catan-stats; do
  man="$tmp/prefix/share/man/man1/$tool.1"
  [ -s "$man" ] || { echo "no man page $man installed"; exit 1; }
  grep -q '^\.SH' "$man" || { echo "$man: not a man page"; exit 1; }
  grep -q 'Exit status' "$man" || { echo "$man: no exit status paragraph"; exit 1; }
  comp="$tmp/prefix/share/bash-completion/completions/$tool"
  [ -s "$comp" ] || { echo "no bash completion $comp installed"; exit 1; }
  bash -n "$comp" || { echo "$comp: not valid bash"; exit 1; }
done
# the completion offers catan-board's subcommands, a subcommand's flags and catan-replay's
got=$(bash -c 'source "$1"; COMP_WORDS=(catan-board ge); COMP_CWORD=1; _catan_board; echo "${COMPREPLY[*]}"' _ "$tmp/prefix/share/bash-completion/completions/catan-board")
[ "$got" = "generate" ] || { echo "completion of 'catan-board ge' gave '$got'"; exit 1; }
got=$(bash -c 'source "$1"; COMP_WORDS=(catan-board check --files); COMP_CWORD=2; _catan_board; echo "${COMPREPLY[*]}"' _ "$tmp/prefix/share/bash-completion/completions/catan-board")
[ "$got" = "--files-from" ] || { echo "completion of 'catan-board check --files' gave '$got'"; exit 1; }
got=$(bash -c 'source "$1"; COMP_WORDS=(catan-replay --kee); COMP_CWORD=1; _catan_replay; echo "${COMPREPLY[*]}"' _ "$tmp/prefix/share/bash-completion/completions/catan-replay")
[ "$got" = "--keep-going" ] || { echo "completion of 'catan-replay --kee' gave '$got'"; exit 1; }
cmake -S "$src/tests/install_consumer" -B "$tmp/consumer" -DCMAKE_PREFIX_PATH="$tmp/prefix" >/dev/null
cmake --build "$tmp/consumer" >/dev/null
out=$("$tmp/consumer/consumer")
[ "$out" = "vertices 54" ] || { echo "consumer printed '$out'"; exit 1; }
echo "installed package works: $out"
