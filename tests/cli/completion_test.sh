#!/usr/bin/env bash
# The bash completion's values (issue 43): catan-sim --players offers 2..6, and an option
# written with '=' (--format=<TAB>, which bash splits at the '=') completes its values.
# Usage: completion_test.sh TOOLS_DIR WORK_DIR
set -u
tools=$1 work=$2/completion
mkdir -p "$work"
complete_words() {  # tool function, then the words typed (the last one being completed)
  local fn=$1 tool=$2; shift 2
  "$tools/$tool" --bash-completion >"$work/$tool"
  bash -c 'source "$1"; shift; fn=$1; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); $fn; echo "${COMPREPLY[*]}"' \
    _ "$work/$tool" "$fn" "$tool" "$@"
}
echo "sim --players: $(complete_words _catan_sim catan-sim --players "")"
echo "replay --format=: $(complete_words _catan_replay catan-replay --format =)"
echo "replay --format=js: $(complete_words _catan_replay catan-replay --format = js)"
echo "board generate --format=s: $(complete_words _catan_board catan-board generate --format = s)"
