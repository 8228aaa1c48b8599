# careplan: build, install, uninstall and package it (docs/install.md says what goes where and why).
#   make                           the release binary, its manual pages, completions and catalogues
#   make install [PREFIX=/usr/local] [DESTDIR=]   as root for /usr/local; PREFIX=~/.local needs no root
#   make uninstall [PREFIX=...]    removes what install put there (its manifest says what)
#   make check                     the tests (swift test)
#   make deb                       careplan_VERSION_ARCH.deb, installing under /usr
#   make clean
# The developers' own commands stay `swift run careplan` and `swift test`.

SHELL = /bin/sh
.SUFFIXES:

PREFIX = /usr/local
# GNU's directory variables, derived from PREFIX. careplan finds its data from its binary's path
# (<prefix>/bin/careplan beside <prefix>/share/careplan and <prefix>/share/locale), so BINDIR,
# DATADIR and LOCALEDIR must stay where PREFIX puts them (checked below); the others may move.
BINDIR = $(PREFIX)/bin
DATAROOTDIR = $(PREFIX)/share
DATADIR = $(DATAROOTDIR)
LOCALEDIR = $(DATAROOTDIR)/locale
PKGDATADIR = $(DATADIR)/careplan
MANDIR = $(DATAROOTDIR)/man
MAN1DIR = $(MANDIR)/man1
BASHCOMPLETIONDIR = $(DATAROOTDIR)/bash-completion/completions
ZSHCOMPLETIONDIR = $(DATAROOTDIR)/zsh/site-functions
FISHCOMPLETIONDIR = $(DATAROOTDIR)/fish/vendor_completions.d
# Where `systemd --user` looks: /usr/lib/systemd/user and /usr/local/lib/systemd/user are in its
# search path; under any other prefix (~/.local) <prefix>/share/systemd/user is, as $XDG_DATA_HOME's.
ifneq ($(filter /usr /usr/local,$(PREFIX)),)
SYSTEMDUSERUNITDIR = $(PREFIX)/lib/systemd/user
else
SYSTEMDUSERUNITDIR = $(DATAROOTDIR)/systemd/user
endif
# What install wrote, one path a line, so uninstall removes exactly that.
MANIFEST = $(PKGDATADIR)/install-manifest

SWIFT = swift
# The build folder (swift build --scratch-path), apart from `swift build`'s .build/release: the two
# link differently, and sharing one folder would rebuild everything at each switch. InstallTests
# builds here too (swift test holds .build's lock).
SCRATCH_PATH = .build/install
# The Swift runtime linked into the binary (--static-swift-stdlib): nothing of Swift's own to ship
# or install, and a faster start-up (docs/install.md has the figures). No RUNPATH: SwiftPM would
# write $ORIGIN, so an installed careplan looked for each of its libraries in ten folders under
# its own bin/ at every start (and would load one planted there) before the system's.
# -disable-autolink-library sqlite3: GRDB's module map asks every object that imports it for
# -lsqlite3; without this the installed binary would load the system's SQLite beside the SQLCipher
# compiled in (unused, but two SQLites in one process; docs/storage.md). Only the command line
# can say it: a package's manifest cannot change how a dependency is compiled.
SWIFT_BUILD_FLAGS = -c release --static-swift-stdlib --disable-local-rpath --scratch-path $(SCRATCH_PATH) \
	-Xswiftc -Xfrontend -Xswiftc -disable-autolink-library -Xswiftc -Xfrontend -Xswiftc sqlite3
BIN = $(SCRATCH_PATH)/release/careplan
GENERATE_MANUAL = $(SCRATCH_PATH)/release/generate-manual
# What the build makes besides the binary: manual pages, completions, catalogues.
OUT = $(SCRATCH_PATH)/make
DEBDIR = .

INSTALL = install
INSTALL_PROGRAM = $(INSTALL) -m 755
INSTALL_DATA = $(INSTALL) -m 644

# Generated texts are English whatever the machine speaks (careplan reads LANGUAGE before LC_ALL).
ENGLISH = env -u LANGUAGE -u CAREPLAN_PSEUDO_LANGUAGE -u CAREPLAN_LOCALEDIR LC_ALL=C

PO = $(wildcard po/*.po)
UNITS = $(wildcard contrib/*.service contrib/*.timer)
SOURCES = Package.swift VERSION $(shell find Sources Plugins po -type f 2>/dev/null)

# The version the source gives now (packaging/version.sh: git describe, or the VERSION file). The
# Plugins/StampVersion prebuild command compiles it into the binary, but SwiftPM runs prebuild
# commands only when it plans a build anew, which a new commit alone does not make it do: the
# binary went on saying the version of the commit it was planned at. So `make` removes a stamp that
# no longer says this version before it builds, and SwiftPM, missing it, plans anew, writes it again
# and compiles it in (about three minutes: the store's module and those above it). Only `make`'s
# build does: `sudo make install` runs git as root in someone else's clone, which git refuses.
REMOVE_STALE_STAMP = now=$$(packaging/version.sh) && for stamp in $$(find $(SCRATCH_PATH)/plugins/outputs -name BuiltVersion.swift 2>/dev/null); do \
	  grep -qF "\"$$now\"" "$$stamp" || { echo "make: the build was stamped with another version; stamping $$now"; rm -f "$$stamp"; }; done

.PHONY: all build check install uninstall deb clean install-check
# SwiftPM builds in parallel itself, and two swift builds in one folder would only wait on each other.
.NOTPARALLEL:

all: build $(OUT)/man.stamp $(OUT)/completions.stamp $(OUT)/locale.stamp

# Always asks SwiftPM, which rebuilds what changed; and the version, when a commit changed it.
build:
	@$(REMOVE_STALE_STAMP)
	$(SWIFT) build $(SWIFT_BUILD_FLAGS) --product careplan
	$(SWIFT) build $(SWIFT_BUILD_FLAGS) --product generate-manual

# install only builds what is missing or older than the sources, so `make && sudo make install`
# never needs swift on root's PATH. Touched: SwiftPM leaves a binary alone when a changed file
# changes nothing in it, and make would ask again every time.
$(BIN): $(SOURCES)
	$(SWIFT) build $(SWIFT_BUILD_FLAGS) --product careplan
	touch $@
$(GENERATE_MANUAL):
	$(SWIFT) build $(SWIFT_BUILD_FLAGS) --product generate-manual

# One page per command, from the argument parser's own definitions (its generate-manual tool, the
# one `swift package plugin generate-manual` runs, which would first build every product). The
# date is the last commit's; the footer, whose .Os the tool leaves empty, gets the version the
# binary reports (alone: with the date between two copies it must fit 80 columns).
$(OUT)/man.stamp: $(BIN) $(GENERATE_MANUAL)
	rm -rf $(OUT)/man && mkdir -p $(OUT)/man
	$(ENGLISH) $(GENERATE_MANUAL) $(BIN) --multi-page --date "$$(packaging/version.sh --date)" --output-directory $(OUT)/man
	version=$$($(BIN) --version) && sed -i "s/^\.Os\$$/.Os $$version/" $(OUT)/man/*.1
	touch $@

$(OUT)/completions.stamp: $(BIN)
	rm -rf $(OUT)/completions && mkdir -p $(OUT)/completions
	$(ENGLISH) $(BIN) --generate-completion-script bash > $(OUT)/completions/careplan
	$(ENGLISH) $(BIN) --generate-completion-script zsh > $(OUT)/completions/_careplan
	$(ENGLISH) $(BIN) --generate-completion-script fish > $(OUT)/completions/careplan.fish
	touch $@

$(OUT)/locale.stamp: $(PO) po/compile-catalogues.sh
	rm -rf $(OUT)/locale
	po/compile-catalogues.sh $(OUT)/locale - $(PO)
	touch $@

check:
	$(SWIFT) test

# Bad directories are refused before anything is written.
install-check:
	@case "$(PREFIX)" in /*) ;; *) echo "make: PREFIX must be an absolute path, got '$(PREFIX)' (for your home: PREFIX=\$$HOME/.local)" >&2; exit 1 ;; esac
	@case "$(PREFIX)" in *[!-A-Za-z0-9_./+@]*) echo "make: PREFIX may hold letters, digits and - _ . / + @ only, got '$(PREFIX)'" >&2; exit 1 ;; esac
	@case "$(DESTDIR)" in *[[:space:]]*) echo "make: DESTDIR may not contain spaces" >&2; exit 1 ;; esac
	@[ "$(BINDIR)" = "$(PREFIX)/bin" ] && [ "$(DATADIR)" = "$(PREFIX)/share" ] && [ "$(LOCALEDIR)" = "$(PREFIX)/share/locale" ] || \
	  { echo "make: careplan finds its data from its binary's path, so BINDIR must be PREFIX/bin, DATADIR PREFIX/share and LOCALEDIR PREFIX/share/locale; set PREFIX alone (docs/install.md)" >&2; exit 1; }

install: install-check $(BIN) $(OUT)/man.stamp $(OUT)/completions.stamp $(OUT)/locale.stamp
	@if [ -e "$(DESTDIR)$(MANIFEST)" ]; then echo "make: careplan is already installed in $(DESTDIR)$(PREFIX); replacing it"; \
	  $(MAKE) --no-print-directory uninstall PREFIX="$(PREFIX)" DESTDIR="$(DESTDIR)" MANIFEST="$(MANIFEST)"; fi
	DESTDIR="$(DESTDIR)" MANIFEST="$(MANIFEST)" INSTALL_PROGRAM="$(INSTALL_PROGRAM)" INSTALL_DATA="$(INSTALL_DATA)" \
	  packaging/install.sh \
	    "$(BIN)" "$(BINDIR)" \
	    "$(OUT)/man" "$(MAN1DIR)" \
	    "$(OUT)/completions" "$(BASHCOMPLETIONDIR)" "$(ZSHCOMPLETIONDIR)" "$(FISHCOMPLETIONDIR)" \
	    "$(OUT)/locale" "$(LOCALEDIR)" \
	    "$(PKGDATADIR)" "$(SYSTEMDUSERUNITDIR)" $(UNITS)

uninstall: install-check
	DESTDIR="$(DESTDIR)" packaging/uninstall.sh "$(MANIFEST)" "$(PKGDATADIR)"

# The package: install under /usr into a staging folder, then dpkg-deb (packaging/deb.sh).
deb: all
	rm -rf $(OUT)/deb
	$(MAKE) --no-print-directory install PREFIX=/usr DESTDIR="$(abspath $(OUT))/deb/root"
	packaging/deb.sh $(OUT)/deb/root "$$($(BIN) --version)" $(DEBDIR)

clean:
	rm -rf $(OUT) careplan_*.deb
	$(SWIFT) package clean --scratch-path $(SCRATCH_PATH)
