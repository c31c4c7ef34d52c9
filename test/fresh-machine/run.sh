#!/usr/bin/env bash
# The README's quick start on a fresh machine, for real: bootstraps a
# minimal Debian 12 (bookworm) root with debootstrap, installs only git,
# make and ca-certificates in it, clones this repository's HEAD into it, and
# runs the README's two commands there exactly as written, as root. Nothing
# of this machine is visible inside (no /usr/local/cuda, no packages of the
# host), so whatever the build or the tests silently rely on shows up here.
#
# Not part of `make check`: it downloads about 140 packages and takes most
# of an hour on two cores. Needs root, debootstrap and access to a Debian
# mirror (DEBIAN_MIRROR, default deb.debian.org).
#
#   test/fresh-machine/run.sh [WORKDIR]     (default /tmp/atfc-fresh-machine)
#
# Writes WORKDIR/demo.log and WORKDIR/check.log (each line prefixed with the
# seconds since its command started) and prints a summary: the wall time of
# bootstrapping, of `make demo`'s install, build and tune steps, of
# `make check`, the number of build steps of each, and the test summary.
# Exits 0 only if both commands exit 0.
set -euo pipefail

repo=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
work=$(realpath -m "${1:-/tmp/atfc-fresh-machine}")
root=$work/root
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
[[ $(id -u) -eq 0 ]] || { echo "fresh-machine: run as root (debootstrap, chroot)" >&2; exit 1; }
command -v debootstrap >/dev/null || { echo "fresh-machine: apt-get install debootstrap" >&2; exit 1; }

# Unmounts every mount at or below the root, deepest first: this script's,
# and those the run made inside it (the cluster tests' `ip netns` mounts
# /run/netns there), which would keep the next run from removing WORKDIR.
unmount_root() {
  local m
  while read -r m; do umount -l "$m" 2>/dev/null || true; done < <(
    awk -v r="$root" '$5 == r || index($5, r "/") == 1 { print $5 }' /proc/self/mountinfo | sort -r)
}
trap unmount_root EXIT
bind() { mkdir -p "$2" && mount "${@:3}" --bind "$1" "$2"; }

# Runs a command in the root as a fresh root login would, with each line of
# its output prefixed by the seconds since it started.
in_root() {
  chroot "$root" /usr/bin/env -i HOME=/root TERM=dumb LANG=C.UTF-8 \
    PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin bash -c "$1"
}
timestamped() {
  local start=$SECONDS line
  while IFS= read -r line; do printf '%5d %s\n' $((SECONDS - start)) "$line"; done
}

unmount_root
rm -rf --one-file-system "$work"
mkdir -p "$work"
echo "fresh-machine: bootstrapping Debian bookworm (minbase) into $root"
start=$SECONDS
debootstrap --variant=minbase bookworm "$root" "$mirror" >"$work/debootstrap.log" 2>&1 ||
  { tail -n 20 "$work/debootstrap.log"; exit 1; }
bootstrap_seconds=$((SECONDS - start))

mkdir -p "$root/proc" "$root/sys" "$root/dev"
mount -t proc proc "$root/proc"
bind /sys "$root/sys"
bind /dev "$root/dev"
bind /dev/pts "$root/dev/pts"
mkdir -p "$root/dev/shm"
mount -t tmpfs tmpfs "$root/dev/shm"
cp /etc/resolv.conf "$root/etc/resolv.conf"
bind "$repo" "$root/mnt/source" -o ro

echo "fresh-machine: installing git, make and ca-certificates"
start=$SECONDS
in_root 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends git make ca-certificates' \
  >"$work/prerequisites.log" 2>&1 || { tail -n 20 "$work/prerequisites.log"; exit 1; }
prerequisites_seconds=$((SECONDS - start))
base_packages=$(in_root "dpkg-query -W -f='\${Status}\n' | grep -c 'install ok installed'")
in_root 'git clone -q /mnt/source /root/atfc && git -C /root/atfc log -1 --format="fresh-machine: cloned %h %s"'

status=0
echo "fresh-machine: make demo"
start=$SECONDS
in_root 'cd /root/atfc && make demo' 2>&1 | timestamped | tee "$work/demo.log" || status=1
demo_seconds=$((SECONDS - start))
echo "fresh-machine: make check"
start=$SECONDS
in_root 'cd /root/atfc && make check' 2>&1 | timestamped | tee "$work/check.log" || status=1
check_seconds=$((SECONDS - start))

# The demo's steps, from the first line of each in the timestamped log.
first() { grep -m1 -E "$1" "$work/demo.log" | awk '{print $1}'; }
installed=$(first 'install-deps: installing .* done' || true)
built=$(first '\$ atfc tune' || true)
steps() { grep -oE '^ *[0-9]+ \[[0-9]+/[0-9]+\]' "$1" | tail -n 1 | sed -E 's/.*\/([0-9]+)\]/\1/'; }
{
  echo
  echo "fresh-machine summary ($(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores)"
  echo "  bootstrap (debootstrap minbase):      ${bootstrap_seconds} s"
  echo "  git, make, ca-certificates:           ${prerequisites_seconds} s"
  echo "  make demo:                            ${demo_seconds} s"
  echo "    install-deps done at:               ${installed:-?} s ($(($(in_root "dpkg-query -W -f='\${Status}\n' | grep -c 'install ok installed'") - base_packages)) packages installed)"
  echo "    build done, tuning starts at:       ${built:-?} s"
  echo "    build steps:                        $(steps "$work/demo.log")"
  echo "  make check:                           ${check_seconds} s"
  echo "    build steps:                        $(steps "$work/check.log")"
  grep -E 'tests passed|tests failed|Passed *:|Failed *:|Unsupported *:|Skipped|\*\*\*Skipped' "$work/check.log" |
    sed -E 's/^ *[0-9]+ /    /' | sort -u
  echo "  exit: $status (0: both commands passed)"
} | tee "$work/summary.txt"
exit $status
