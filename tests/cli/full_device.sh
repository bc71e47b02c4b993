#!/usr/bin/env bash
# Runs a shell command with its standard output on a full device (every write fails with
# ENOSPC), without ever writing to a path it has not checked: /dev/full when it is a
# character device; else, as root, a full device made with mknod in WORK_DIR; else the
# test is skipped with a message. (Where /dev/full is missing, as in some containers, a
# plain redirect would create a regular file and fill the disk.)
# Usage: full_device.sh WORK_DIR 'COMMAND ...'
set -u
work=$1 cmd=$2
asked=${CATAN_FULL_DEVICE:-/dev/full}  # the device to check first (a test may name another)
dev=$asked
if [ ! -c "$dev" ]; then
    mkdir -p "$work"
    dev=$work/full
    rm -f "$dev"
    if [ "$(id -u)" -ne 0 ] || ! mknod "$dev" c 1 7 2>/dev/null || [ ! -c "$dev" ]; then
        echo "skipped: no full device ($asked is not a character device here, and mknod needs root)"
        exit 0
    fi
fi
exec sh -c "$cmd" >"$dev"
