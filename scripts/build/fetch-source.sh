#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# fetch-source.sh: print the path of the Debian source tarball of BASE,
# fetching it first if it is not there yet.
#
#   7.3   linux-source-7.3 (7.3.4) from Debian's trixie-backports suite,
#         downloaded into $OUT/src with a private sources list and apt
#         state: the system's apt configuration is neither read for
#         sources nor changed. apt checks the package against the signed
#         index with the archive keyring the machine already has.
#   6.12  linux-source-6.12 (6.12.118) from the system's own bookworm
#         sources, installed with apt-get (as root) into /usr/src.
#
# LB_TARBALL=file skips all of this and uses that tarball.

. "$(dirname "$0")/../lib.sh"

if [ -n "${LB_TARBALL:-}" ]; then
	[ -r "$LB_TARBALL" ] || die "LB_TARBALL=$LB_TARBALL is not readable"
	echo "$LB_TARBALL"
	exit 0
fi

fetch_73() {
	local dir=$OUT/src apt tar=$OUT/src/linux-source-7.3.tar.xz deb
	local suite="deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian trixie-backports main"

	if [ -r "$tar" ]; then
		echo "$tar"
		return
	fi
	[ -r /usr/share/keyrings/debian-archive-keyring.gpg ] ||
		die "the Debian archive keyring is missing (package debian-archive-keyring)"
	apt=$dir/apt
	rm -rf "$apt" "$dir/x"
	mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial" "$dir/x"
	echo "$suite" >"$apt/sources.list"
	local opts=(-o "Dir::Etc::sourcelist=$apt/sources.list"
		    -o Dir::Etc::sourceparts=- -o "Dir::State::Lists=$apt/lists"
		    -o "Dir::Cache=$apt/cache" -o APT::Sandbox::User=root -q)
	echo "   fetching linux-source-7.3 from trixie-backports (about 167 MB)" >&2
	apt-get "${opts[@]}" update >"$apt/update.log" 2>&1 ||
		{ cat "$apt/update.log" >&2; die "apt-get update of trixie-backports failed"; }
	(cd "$dir" && apt-get "${opts[@]}" download linux-source-7.3) \
		>"$apt/download.log" 2>&1 ||
		{ cat "$apt/download.log" >&2; die "apt-get download linux-source-7.3 failed"; }
	deb=$(ls "$dir"/linux-source-7.3_*.deb)
	echo "   $(basename "$deb")" >&2
	dpkg-deb -x "$deb" "$dir/x"
	mv "$dir/x/usr/src/linux-source-7.3.tar.xz" "$tar"
	rm -rf "$dir/x" "$deb"
	echo "$tar"
}

fetch_612() {
	local tar=/usr/src/linux-source-6.12.tar.xz

	if [ ! -r "$tar" ]; then
		[ "$(id -u)" -eq 0 ] ||
			die "$tar is missing; as root: apt-get install linux-source-6.12"
		echo "   installing linux-source-6.12" >&2
		DEBIAN_FRONTEND=noninteractive apt-get install -y -q \
			linux-source-6.12 >&2 || die "apt-get install linux-source-6.12 failed"
	fi
	echo "$tar"
}

case $LB_BASE in
7.3) fetch_73 ;;
6.12) fetch_612 ;;
esac
