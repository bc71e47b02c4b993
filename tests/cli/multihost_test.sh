#!/usr/bin/env bash
# The manual's multi-host recipe (docs/catan-stats.md), run for real: an SSH server started on the loopback
# interface (own port, host key, client key and configuration in a temporary folder), two
# "hosts" reached as two logins (127.0.0.1 and 127.0.0.2), GNU parallel sending each
# chunk of self-play games with --transferfile into a fresh working folder per job on the
# host, running catan-stats --partial there and bringing the aggregate back with --return
# (nothing relies on a shared file system); one catan-stats merge of the returned parts
# must equal one catan-stats run over every game, byte for byte.
# Usage: multihost_test.sh TOOLS_DIR. Games: 2000 x CATAN_TEST_SCALE (at least 100).
# When the SSH server cannot start, the test fails and says why.
set -euo pipefail
tools=$(cd "$1" && pwd)
scale=${CATAN_TEST_SCALE:-1}
games=$(awk -v s="$scale" 'BEGIN { n = int(2000 * s); print (n < 100 ? 100 : n) }')
chunks=8
sshd_log=
fail() {
  echo "FAIL: $*" >&2
  # what the SSH server said, when it ran (a refused or dropped login shows there)
  if [ -n "$sshd_log" ] && [ -s "$sshd_log" ]; then
    echo "--- sshd ---" >&2; cat "$sshd_log" >&2
  fi
  exit 1
}
for cmd in /usr/sbin/sshd ssh ssh-keygen parallel; do
  command -v "$cmd" > /dev/null ||
    fail "$cmd is not installed (scripts/install-deps.sh installs openssh-server and parallel)"
done

tmp=$(mktemp -d)
sshd_pid=
cleanup() {
  if [ -n "$sshd_pid" ]; then kill "$sshd_pid" 2> /dev/null || true; fi
  rm -rf "$tmp"
}
trap cleanup EXIT
user=$(id -un)

# keys and configuration, all in the temporary folder
ssh-keygen -q -t ed25519 -N '' -f "$tmp/host_key" -C host
ssh-keygen -q -t ed25519 -N '' -f "$tmp/client_key" -C client
cp "$tmp/client_key.pub" "$tmp/authorized_keys"
chmod 600 "$tmp/authorized_keys"
# privilege separation directory of Debian's sshd (absent when the service never ran)
if [ "$(id -u)" -eq 0 ]; then mkdir -p /run/sshd; fi

start_sshd() {  # start_sshd PORT: 0 once it accepts a login, 1 otherwise
  local port=$1
  cat > "$tmp/sshd_config" <<EOF
ListenAddress 127.0.0.1
ListenAddress 127.0.0.2
HostKey $tmp/host_key
PidFile $tmp/sshd.pid
AuthorizedKeysFile $tmp/authorized_keys
AllowUsers $user
PubkeyAuthentication yes
PasswordAuthentication no
KbdInteractiveAuthentication no
PermitRootLogin prohibit-password
StrictModes no
UsePAM no
LogLevel INFO
EOF
  cat > "$tmp/ssh_config" <<EOF
Host host1
  HostName 127.0.0.1
Host host2
  HostName 127.0.0.2
Host *
  Port $port
  User $user
  IdentityFile $tmp/client_key
  IdentitiesOnly yes
  UserKnownHostsFile $tmp/known_hosts
  StrictHostKeyChecking yes
  BatchMode yes
  LogLevel ERROR
EOF
  local key
  key=$(cut -d' ' -f1,2 "$tmp/host_key.pub")
  printf '[127.0.0.1]:%s %s\n[127.0.0.2]:%s %s\n' "$port" "$key" "$port" "$key" > "$tmp/known_hosts"
  sshd_log=$tmp/sshd.log
  /usr/sbin/sshd -f "$tmp/sshd_config" -D -e -p "$port" 2> "$sshd_log" &
  sshd_pid=$!
  for _ in $(seq 1 50); do
    if ssh -F "$tmp/ssh_config" host1 true 2> "$tmp/ssh.err" &&
       ssh -F "$tmp/ssh_config" host2 true 2>> "$tmp/ssh.err"; then
      return 0
    fi
    kill -0 "$sshd_pid" 2> /dev/null || break
    sleep 0.2
  done
  kill "$sshd_pid" 2> /dev/null || true
  sshd_pid=
  return 1
}
started=
for _ in 1 2 3 4 5; do
  port=$((20000 + RANDOM % 40000))
  if start_sshd "$port"; then started=1; break; fi
done
if [ -z "$started" ]; then
  echo "FAIL: the SSH server for the test could not start or accept a login on the loopback interface" >&2
  echo "--- sshd ---" >&2; cat "$tmp/sshd.log" >&2 || true
  echo "--- ssh ---" >&2; cat "$tmp/ssh.err" >&2 || true
  exit 1
fi

# the corpus: self-play games in chunks (one JSON Lines stream of many games each)
mkdir "$tmp/work"
cd "$tmp/work"
per=$(((games + chunks - 1) / chunks))
for c in $(seq 0 $((chunks - 1))); do
  n=$((games - c * per)); [ "$n" -gt "$per" ] && n=$per
  [ "$n" -gt 0 ] || break
  "$tools/catan-sim" --seed 17 --first $((c * per + 1)) --games "$n" --out - \
    > "chunk-$c.jsonl" 2> /dev/null
done

# the recipe (docs/catan-stats.md, "Several hosts with GNU parallel")
parallel --will-cite --sshlogin "1/ssh -F $tmp/ssh_config host1" \
  --sshlogin "1/ssh -F $tmp/ssh_config host2" \
  --workdir ... --transferfile {} --return {.}.partial --cleanup --joblog "$tmp/joblog" \
  "$tools/catan-stats" --partial {} '>' {.}.partial ::: chunk-*.jsonl ||
  fail "parallel exited with status $? (joblog: $(cat "$tmp/joblog"))"
"$tools/catan-stats" merge --format json chunk-*.partial > merged.json
"$tools/catan-stats" --format json chunk-*.jsonl > single.json

cmp single.json merged.json || fail "the merged result differs from the single-process one"
grep -q "\"valid\": $games," single.json || fail "expected $games valid games"
hosts=$(awk -F'\t' 'NR > 1 { print $2 }' "$tmp/joblog" | sort -u)
echo "$hosts" | grep -q host1 && echo "$hosts" | grep -q host2 ||
  fail "the jobs did not run on both logins: $hosts"
# the jobs ran in their own working folders: nothing was left next to the inputs' home
echo "multi-host recipe: $games games in $chunks chunks over 2 SSH logins, merged = single run"
