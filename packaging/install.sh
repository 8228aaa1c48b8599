#!/bin/sh
# `make install`'s copying (the Makefile says where; docs/install.md why): every file into
# $DESTDIR<dir>, and its final path (without DESTDIR) into the manifest, which uninstall reads.
#   packaging/install.sh BIN BINDIR MANPAGES MAN1DIR COMPLETIONS BASHDIR ZSHDIR FISHDIR \
#                        CATALOGUES LOCALEDIR PKGDATADIR UNITDIR [UNIT...]
# MANIFEST, DESTDIR, INSTALL_PROGRAM and INSTALL_DATA come from the environment.
set -eu
bin=$1 bindir=$2 manpages=$3 man1dir=$4 completions=$5 bashdir=$6 zshdir=$7 fishdir=$8
catalogues=$9
shift 9
localedir=$1 pkgdatadir=$2 unitdir=$3
shift 3
: "${DESTDIR:=}" "${INSTALL_PROGRAM:=install -m 755}" "${INSTALL_DATA:=install -m 644}"
list=$(mktemp)
trap 'rm -f "$list"' EXIT

# put INSTALL-COMMAND SOURCE FOLDER [NAME]: one file into $DESTDIR/FOLDER/NAME, noted in the list.
put() {
  command=$1 source=$2 folder=$3 name=${4:-$(basename "$2")}
  install -d -m 755 "$DESTDIR$folder"
  $command "$source" "$DESTDIR$folder/$name"
  echo "$folder/$name" >> "$list"
}

put "$INSTALL_PROGRAM" "$bin" "$bindir" careplan
for page in "$manpages"/*.1; do put "$INSTALL_DATA" "$page" "$man1dir"; done
put "$INSTALL_DATA" "$completions/careplan" "$bashdir"
put "$INSTALL_DATA" "$completions/_careplan" "$zshdir"
put "$INSTALL_DATA" "$completions/careplan.fish" "$fishdir"
for catalogue in "$catalogues"/*/LC_MESSAGES/careplan.mo; do
  language=$(basename "$(dirname "$(dirname "$catalogue")")")
  put "$INSTALL_DATA" "$catalogue" "$localedir/$language/LC_MESSAGES"
done
for file in themes/*.yaml; do put "$INSTALL_DATA" "$file" "$pkgdatadir/themes"; done
for file in sample-plans/*.yaml; do put "$INSTALL_DATA" "$file" "$pkgdatadir/sample-plans"; done
for file in instruments/*.json; do put "$INSTALL_DATA" "$file" "$pkgdatadir/instruments"; done
# The services start the installed binary, wherever it went; a timer only names its service.
for unit in "$@"; do
  case "$unit" in
    *.service) ;;
    *) put "$INSTALL_DATA" "$unit" "$unitdir"; continue ;;
  esac
  rewritten=$(mktemp)
  sed "s#^ExecStart=[^ ]*careplan\\( \\|\$\\)#ExecStart=$bindir/careplan\\1#" "$unit" > "$rewritten"
  if ! grep -q "^ExecStart=$bindir/careplan\\( \\|\$\\)" "$rewritten"; then
    echo "install.sh: $unit: no ExecStart=.../careplan line to point at $bindir/careplan" >&2
    rm -f "$rewritten"
    exit 1
  fi
  put "$INSTALL_DATA" "$rewritten" "$unitdir" "$(basename "$unit")"
  rm -f "$rewritten"
done

install -d -m 755 "$DESTDIR$(dirname "$MANIFEST")"
sort "$list" > "$DESTDIR$MANIFEST"
chmod 644 "$DESTDIR$MANIFEST"
echo "Installed careplan $("$bin" --version) in ${DESTDIR}$bindir ($(wc -l < "$list") files, listed in $MANIFEST)"
