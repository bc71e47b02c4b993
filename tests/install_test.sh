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
for tool in catan-board catan-place catan-replay catan-import catan-sim catan-roads catan-stats catan-eval; do
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
# an option's value: the choices of a choice, nothing for a number, file names for a file
complete_words() {  # tool function, then the words typed (the last one being completed)
  local fn=$1 tool=$2; shift 2
  bash -c 'source "$1"; shift; fn=$1; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); $fn; echo "${COMPREPLY[*]}"' \
    _ "$tmp/prefix/share/bash-completion/completions/$tool" "$fn" "$tool" "$@"
}
got=$(complete_words _catan_board catan-board generate --format "")
[ "$got" = "json jsonl text svg line" ] || { echo "completion of 'catan-board generate --format' gave '$got'"; exit 1; }
got=$(complete_words _catan_board catan-board render --format s)
[ "$got" = "svg" ] || { echo "completion of 'catan-board render --format s' gave '$got'"; exit 1; }
got=$(complete_words _catan_replay catan-replay --format "")
[ "$got" = "text json jsonl" ] || { echo "completion of 'catan-replay --format' gave '$got'"; exit 1; }
got=$(complete_words _catan_import catan-import --view spec)
[ "$got" = "spectator spectator-no-discards" ] || { echo "completion of 'catan-import --view spec' gave '$got'"; exit 1; }
got=$(cd "$src" && complete_words _catan_board catan-board generate --count "")
[ -z "$got" ] || { echo "completion of 'catan-board generate --count' gave '$got' (a number: none)"; exit 1; }
got=$(cd "$src" && complete_words _catan_replay catan-replay --events sam)
[ "$got" = "samples" ] || { echo "completion of 'catan-replay --events sam' gave '$got'"; exit 1; }
# the man page keeps the examples one per line and lists each subcommand's options
man="$tmp/prefix/share/man/man1/catan-board.1"
grep -q '^\.SH SUBCOMMANDS' "$man" || { echo "$man: no SUBCOMMANDS section"; exit 1; }
grep -q '^\.SS "catan-board generate"' "$man" || { echo "$man: no generate subcommand"; exit 1; }
grep -q -- '--format TEXT:{json,jsonl,text,svg,line}' "$man" || { echo "$man: no generate --format"; exit 1; }
grep -q '^  catan-board generate --seed 7 --format text$' "$man" || { echo "$man: an example reflowed"; exit 1; }
grep -q '^  catan-replay --keep-going game.json ' "$tmp/prefix/share/man/man1/catan-replay.1" || { echo "catan-replay.1: an example reflowed"; exit 1; }
# the Python module when the build has it (CATAN_PYTHON): its stubs beside it, importable
# from the packages folder under the prefix
if ls "$build"/python/catan*.so >/dev/null 2>&1; then
  dir=$(sed -n 's/^CATAN_PYTHON_INSTALL_DIR:[A-Z]*=//p' "$build/CMakeCache.txt")
  py=$(sed -n 's/^Python3_EXECUTABLE:[A-Z]*=//p' "$build/CMakeCache.txt")
  test -f "$tmp/prefix/$dir/catan.pyi" || { echo "no catan.pyi in $tmp/prefix/$dir"; exit 1; }
  got=$(cd "$tmp" && PYTHONPATH="$tmp/prefix/$dir" "$py" -c 'import catan; print(catan.__file__.startswith("'"$tmp/prefix/$dir"'/"), catan.Board.beginner().vertices)')
  [ "$got" = "True 54" ] || { echo "the installed Python module printed '$got'"; exit 1; }
fi
cmake -S "$src/tests/install_consumer" -B "$tmp/consumer" -DCMAKE_PREFIX_PATH="$tmp/prefix" >/dev/null
cmake --build "$tmp/consumer" >/dev/null
out=$("$tmp/consumer/consumer")
[ "$out" = "vertices 54" ] || { echo "consumer printed '$out'"; exit 1; }
echo "installed package works: $out"
