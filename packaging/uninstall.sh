#!/bin/sh
# `make uninstall`: removes every file the manifest lists (what `make install` put there, and
# nothing else), the manifest, and careplan's own folders once they are empty.
#   packaging/uninstall.sh MANIFEST PKGDATADIR      (DESTDIR from the environment)
set -eu
manifest=$1 pkgdatadir=$2
: "${DESTDIR:=}"
if [ ! -f "$DESTDIR$manifest" ]; then
  echo "uninstall.sh: no $DESTDIR$manifest: careplan was not installed there by make install (is PREFIX the one you installed with?)" >&2
  exit 1
fi
count=0
while IFS= read -r path; do
  case $path in
    /*) ;;
    *) echo "uninstall.sh: $manifest: '$path' is not an absolute path; stopping" >&2; exit 1 ;;
  esac
  if [ -e "$DESTDIR$path" ] || [ -L "$DESTDIR$path" ]; then
    rm -f "$DESTDIR$path"
    count=$((count + 1))
  fi
done < "$DESTDIR$manifest"
rm -f "$DESTDIR$manifest"
for folder in "$pkgdatadir/themes" "$pkgdatadir/sample-plans" "$pkgdatadir/instruments" "$pkgdatadir"; do
  rmdir "$DESTDIR$folder" 2>/dev/null || true
done
echo "Removed careplan: $count files, as $DESTDIR$manifest listed them"
