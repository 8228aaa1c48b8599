#!/bin/sh
# Regenerates po/careplan.pot from the Swift sources, then merges it into every translation, so
# each catalogue shows translators what is new (untranslated) or changed (fuzzy). Run from
# anywhere; needs GNU gettext (xgettext, msgmerge). See docs/translating.md.
#   po/update-pot.sh           regenerate and merge
#   po/update-pot.sh --check   only say whether po/careplan.pot is current (exit 1 if not)
set -eu
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The calls that mark text for translation (Sources/Localization/Translation.swift). Swift's
# one-line string literals read as C's, and every translatable text is one such literal, so
# xgettext's C parser is enough once Swift's multi-line literals (SQL, templates), which C cannot
# read, are blanked out; line numbers stay as they are.
find Sources -name '*.swift' | LC_ALL=C sort > "$work/sources"
while read -r file; do
  mkdir -p "$work/$(dirname "$file")"
  awk '{ n = gsub(/"""/, "&"); if (inside || n > 0) print ""; else print; if (n % 2 == 1) inside = !inside }' "$file" > "$work/$file"
done < "$work/sources"
(cd "$work" && xgettext --language=C --from-code=UTF-8 --files-from=sources \
  --keyword= --keyword=tr --keyword=trn:1,2 --keyword=trc:1c,2 --keyword=localeData:1c,2 \
  --flag=tr:1:no-c-format --flag=trn:1:no-c-format --flag=trn:2:no-c-format \
  --flag=trc:2:no-c-format --flag=localeData:2:no-c-format \
  --add-comments=TRANSLATORS: --sort-by-file --no-wrap \
  --package-name=careplan --msgid-bugs-address="see docs/translating.md" \
  --copyright-holder="the careplan authors" \
  -o careplan.pot)
# Every catalogue is UTF-8; xgettext leaves the template's charset open when its sources are ASCII.
sed -i 's/charset=CHARSET/charset=UTF-8/' "$work/careplan.pot"

# What the template says, apart from where each text is and when it was made.
texts() { grep -v -e '^#:' -e '^"POT-Creation-Date:' "$1" || true; }

if [ "${1:-}" = "--check" ]; then
  texts po/careplan.pot > "$work/old"
  texts "$work/careplan.pot" > "$work/new"
  if ! diff -u "$work/old" "$work/new" > "$work/diff"; then
    echo "po/careplan.pot is out of date with the sources: run po/update-pot.sh" >&2
    cat "$work/diff" >&2
    exit 1
  fi
  exit 0
fi

# Locations move with every edit; the creation date with every run: keep the file when nothing else did.
if [ -f po/careplan.pot ] && diff -q -I '^"POT-Creation-Date:' po/careplan.pot "$work/careplan.pot" >/dev/null; then
  :
else
  cp "$work/careplan.pot" po/careplan.pot
fi
for po in po/*.po; do
  [ -e "$po" ] || continue
  msgmerge --quiet --update --backup=none --no-wrap "$po" po/careplan.pot
done
