#!/bin/sh
# `make deb`: careplan_VERSION_ARCH.deb from a tree `make install PREFIX=/usr DESTDIR=ROOT` made.
#   packaging/deb.sh ROOT VERSION OUTDIR
# The dependencies are what dpkg-shlibdeps finds the binary linked against, plus the libraries
# careplan opens with dlopen, which no tool can see (docs/install.md lists them and why).
set -eu
root=$(cd "$1" && pwd) version=$2 outdir=$3
here=$(cd "$(dirname "$0")" && pwd)
: "${DEB_MAINTAINER:=careplan maintainers <maintainers@users.noreply.a-seed-324b76b4.example>}"
for tool in dpkg-deb dpkg-shlibdeps dpkg-architecture gzip strip; do
  command -v "$tool" >/dev/null 2>&1 || { echo "deb.sh: $tool not found: make deb needs dpkg-dev and binutils (apt-get install dpkg-dev)" >&2; exit 1; }
done
case $version in
  [0-9]*) ;;
  *) echo "deb.sh: '$version' is not a Debian version (it must start with a digit; see packaging/version.sh)" >&2; exit 1 ;;
esac
arch=$(dpkg --print-architecture)

# dpkg keeps its own list of what a package installed: make install's manifest is not needed.
rm -f "$root/usr/share/careplan/install-manifest"
# Debian policy: binaries stripped, manual pages compressed with gzip -9n (no name or time stamp).
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$root/usr/bin/careplan"
gzip -9n "$root"/usr/share/man/man1/*.1
install -d -m 755 "$root/usr/share/doc/careplan"
install -m 644 "$here/debian/copyright" "$root/usr/share/doc/careplan/copyright"
# Policy wants a changelog; this one names the build, and git log is the history.
changelog=$root/usr/share/doc/careplan/changelog
{
  echo "careplan ($version) unstable; urgency=medium"
  echo
  echo "  * Built with make deb from careplan's source; its history is the git log."
  echo
  echo " -- $DEB_MAINTAINER  $(date -R -d "$("$here/version.sh" --date)")"
} > "$changelog"
gzip -9n "$changelog"

# dpkg-shlibdeps runs where a debian/control says which package it works for.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/debian" "$root/DEBIAN"
printf 'Source: careplan\n\nPackage: careplan\nArchitecture: any\n' > "$work/debian/control"
(cd "$work" && dpkg-shlibdeps -O "$root/usr/bin/careplan") > "$work/substvars"
linked=$(sed -n 's/^shlibs:Depends=//p' "$work/substvars")
[ -n "$linked" ] || { echo "deb.sh: dpkg-shlibdeps found no libraries for usr/bin/careplan" >&2; exit 1; }
# Opened with dlopen: libcurl.so.4 when careplan sync starts, libxml2.so.2 when a health import does,
# libnettle.so.8 (Nettle, SQLCipher's cryptography) when an encrypted store is opened.
depends="$linked, libcurl4, libxml2, libnettle8"

cat > "$root/DEBIAN/control" <<CONTROL
Package: careplan
Version: $version
Architecture: $arch
Maintainer: $DEB_MAINTAINER
Installed-Size: $(du -sk --exclude=DEBIAN "$root" | cut -f1)
Depends: $depends
Recommends: chromium, libnotify-bin
Section: utils
Priority: optional
Description: care plans in the terminal
 careplan keeps a patient's care plan (interventions to do, assessments to
 record, each on its own schedule) and records what was done and measured in
 a SQLite file the user owns: a full-screen dashboard for the day's work, and
 a scriptable command line. Chromium prints its reports as PDF; notify-send
 shows its reminders.
CONTROL
(cd "$root" && find . -path ./DEBIAN -prune -o -type f -print | sed 's|^\./||' | sort | xargs md5sum) > "$root/DEBIAN/md5sums"
chmod 644 "$root/DEBIAN/control" "$root/DEBIAN/md5sums"

mkdir -p "$outdir"
deb=$outdir/careplan_${version}_$arch.deb
dpkg-deb --build --root-owner-group "$root" "$deb"
